"""Script repairs from the heldout4 batch (under ``--target script``): ``removeprefix`` /
``removesuffix`` spelled with ``startswith`` / ``endswith``, Optional module attributes bound to
a local, truth tests of Optionals, loops over a module-container slice, int literal returns
among float ones, annotations of ignored functions' results and of empty dicts with int keys.
Before/after text, what is left alone, safe vs unsafe, idempotence (``_fix`` applies twice),
and torch's word that the fixed code scripts, equals eager, and still passes every other
back-end the original passed."""

from __future__ import annotations

import pytest

from torchlint.lint.rule import normalized

from . import test_repair_script as base
from .conftest import requires_torch
from .test_repair_script import _case, _fix, _model, _unfixed

# -- TL209: removeprefix / removesuffix ---------------------------------------------------------
AFFIXES = _model(
    'out = {"a": x}\n'
    'for key in ["blk.a", "a.w", "blk.b.w"]:\n'
    '    out[key.removeprefix("blk.")] = x\n'
    '    short = key.removesuffix(".w")\n'
    '    out[short] = x * len(key.removesuffix(""))\n'
    "    tag = key.removeprefix(short)\n"
    "    out[tag + key.removesuffix(tag)] = x\n"
    'return out["a"] + out["b.w"]\n'
)


def test_removeprefix_and_removesuffix_become_slices_safely():
    fixed = _fix(AFFIXES, "TL209", unsafe=False)
    assert 'out[key[4:] if key.startswith("blk.") else key] = x' in fixed
    assert 'short = key[:-2] if key.endswith(".w") else key' in fixed
    assert "out[short] = x * len(key)" in fixed  # an empty suffix: the string itself
    assert "tag = key[len(short):] if key.startswith(short) else key" in fixed
    assert "out[tag + (key[: len(key) - len(tag)] if key.endswith(tag) else key)] = x" in fixed


def test_affixes_read_twice_only_when_plain():
    # A call receiver or affix would run twice; keywords, bytes and f-strings are left alone.
    before = _model(
        'names = ["blk.a"]\n'
        'a = names.pop().removeprefix("blk.")\n'
        "b = names[0].removesuffix(names[0][-1:])\n"
        'c = "abc".removeprefix(f"{len(names)}")\n'
        "return x\n"
    )
    assert _unfixed(before, "TL209") == 3


# -- TL213: Optional module attributes ------------------------------------------------------------
OPTIONAL_ATTRIBUTES = _model(
    "h = x\n"
    "if self.bias is not None and not self.training:\n"
    "    h = h + self.bias\n"
    "elif self.bias is None:\n"
    "    h = h * 2\n"
    "out = self.bias.sum() if self.bias is not None else x.sum()\n"
    "if self.heads is not None:\n"
    "    # keep the first head\n"
    "    self.heads[0] = h\n"
    "    h = h + self.heads[-1]\n"
    "return self.tail(h) + out\n",
    head="from typing import List, Optional\n",
    init="self.bias = torch.ones(4)\nself.heads = [torch.zeros(4)]\nself.scale = None",
    tail=(
        "\n\n    def tail(self, h):\n"
        "        if self.scale is None:\n"
        "            return h\n"
        "        return h * self.scale\n"
    ),
).replace(
    "class Model(nn.Module):\n",
    "class Model(nn.Module):\n    bias: Optional[torch.Tensor]\n"
    "    heads: Optional[List[torch.Tensor]]\n    scale: Optional[torch.Tensor]\n\n",
)


def test_optional_attributes_are_bound_to_a_local_first_safely():
    fixed = _fix(OPTIONAL_ATTRIBUTES, "TL213", unsafe=False)
    assert (
        "        bias = self.bias\n"
        "        if bias is not None and not self.training:\n"
        "            h = h + bias\n"
        "        elif bias is None:\n"
    ) in fixed
    assert "bias = self.bias\n        out = bias.sum() if bias is not None else x.sum()" in fixed
    assert (
        "        heads = self.heads\n"
        "        if heads is not None:\n"
        "            # keep the first head\n"
        "            heads[0] = h\n"
        "            h = h + heads[-1]\n"
    ) in fixed
    one_line = OPTIONAL_ATTRIBUTES.replace(
        "        if self.scale is None:\n            return h\n",
        "        if self.scale is None: return h\n",
    )
    assert "scale = self.scale\n        if scale is None: return h\n" in _fix(one_line, "TL213")
    assert (
        "        scale = self.scale\n"
        "        if scale is None:\n"
        "            return h\n"
        "        return h * scale\n"
    ) in fixed


def test_optional_attributes_reassigned_or_unguarded_are_left_alone():
    # Reassigned outside __init__ (the local would go stale), and used with no test at all.
    reassigned = OPTIONAL_ATTRIBUTES.replace(
        "    def tail(self, h):\n",
        "    def reset(self):\n        self.bias = None\n\n    def tail(self, h):\n",
    )
    assert "self.bias is not None and" in _fix(reassigned, "TL213")
    unguarded = _model(
        "return x + self.bias\n",
        head="from typing import Optional\n",
        init="self.bias = torch.ones(4)",
    ).replace(
        "class Model(nn.Module):\n", "class Model(nn.Module):\n    bias: Optional[torch.Tensor]\n\n"
    )
    assert _unfixed(unguarded, "TL213") == 1


def test_a_later_region_binds_the_same_local_again():
    before = OPTIONAL_ATTRIBUTES.replace(
        "return self.tail(h) + out\n",
        "if self.bias is not None:\n            h = h - self.bias\n        return self.tail(h) + out\n",
    )
    fixed = _fix(before, "TL213")
    assert fixed.count("bias = self.bias\n") == 3 and "bias_1" not in fixed


def test_the_local_takes_a_number_where_the_name_is_taken():
    before = OPTIONAL_ATTRIBUTES.replace("    def forward(self, x):\n        h = x\n",
                                         "    def forward(self, x):\n        bias = 1\n        h = x * bias\n")  # fmt: skip
    assert "bias_1 = self.bias\n        if bias_1 is not None" in _fix(before, "TL213")


# -- TL213: truth tests of Optionals ------------------------------------------------------------
TRUTH = _model(
    "if dims:\n"
    "    x = x.mean(dims, keepdim=True)\n"
    "if not dims:\n"
    "    x = x + 1\n"
    "if flag and dims:\n"
    "    x = x * 2\n"
    "y = x if dims or flag else x + 1\n"
    "assert not (dims and flag and x is None)\n"
    "z = dims or [0]\n"
    "return x + y + len(z)\n",
    params="x, dims: Optional[List[int]] = None, flag: bool = True",
    head="from typing import List, Optional\n",
)


def test_truth_tests_of_optionals_test_none_first_safely():
    fixed = _fix(TRUTH, "TL213", unsafe=False)
    assert "if dims is not None and dims:\n" in fixed
    assert "if dims is None or not dims:\n" in fixed
    assert "if flag and dims is not None and dims:\n" in fixed
    assert "y = x if (dims is not None and dims) or flag else x + 1\n" in fixed
    assert "assert not (dims is not None and dims and flag and x is None)\n" in fixed
    # The value of `dims or [0]` is used, not only its truth (None would become False).
    assert "z = dims or [0]\n" in fixed


# -- TL208: loops over a slice of a module container -----------------------------------------
SLICES = (
    _model(
        "for layer in self.layers[: self.depth]:\n"
        "    x = torch.relu(layer(x))\n"
        "for j, block in enumerate(self.layers[: len(self.layers) - 1]):\n"
        "    x = block(x) * (j + 1)\n"
        "for layer in self.layers[1:3]:  # the middle\n"
        "    x = layer(x)\n"
        "return x\n",
        init="self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(4)])\nself.depth = 2",
    )
    .replace("torch.randn(2, 3, 4)", "torch.randn(2, 4)")
    .replace("torch.randn(5, 3, 4)", "torch.randn(3, 4)")
)


def test_slice_loops_test_the_index_literal_bounds_safely():
    fixed = _fix(SLICES, "TL208")
    assert (
        "        for i, layer in enumerate(self.layers):\n"
        "            if i < self.depth:\n"
        "                x = torch.relu(layer(x))\n"
    ) in fixed
    assert (
        "        for j, block in enumerate(self.layers):\n"
        "            if j < len(self.layers) - 1:\n"
        "                x = block(x) * (j + 1)\n"
    ) in fixed
    assert (
        "        for i, layer in enumerate(self.layers):  # the middle\n"
        "            if 1 <= i < 3:\n"
        "                x = layer(x)\n"
    ) in fixed
    safe = _fix(SLICES, "TL208", unsafe=False)
    assert "if 1 <= i < 3:" in safe and "self.layers[: self.depth]" in safe


def test_slice_loops_that_leave_or_step_are_left_alone():
    before = _model(
        "for layer in self.layers[: self.depth]:\n"
        "    if x.sum() > 0:\n"
        "        break\n"
        "    x = layer(x)\n"
        "for layer in self.layers[1:]:\n"
        "    x = layer(x)\n"
        "y = layer(x)\n"
        "for layer in self.layers[: -self.depth]:\n"
        "    x = layer(x)\n"
        "for j, layer in enumerate(self.layers[1:]):\n"
        "    x = layer(x) * j\n"
        "return x + y\n",
        init="self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(4)])\nself.depth = 2",
    )
    # break (the variable bound, and the `break` TorchScript's unrolled loop refuses); the loop
    # variable read after the loop; a negative bound; enumerate from 1.
    assert _unfixed(before, "TL208") == 5


# -- TL211: an int literal returned with floats -------------------------------------------------
RETURNS = _model(
    "return x * self.gain(x.shape[0]) * self.damp(x.shape[1]) * ratio(x.shape[2])\n",
    head="\n\ndef ratio(n: int) -> float:\n    if n > 3:\n        return 0.25\n    return 1\n",
    tail=(
        "\n\n    def gain(self, n: int):\n        if n > 2:\n            return 0.5\n        return 1\n"
        "\n    def damp(self, n: int):\n        if n < 2:\n            return -2\n"
        "        elif n < 4:\n            return 0\n        return n / 4\n"
    ),
)


def test_int_literal_returns_among_floats_become_float_literals_unsafely():
    fixed = _fix(RETURNS, "TL211")
    assert "return 0.5\n        return 1.0\n" in fixed
    assert "return -2.0\n        elif n < 4:\n            return 0.0\n" in fixed
    assert "return 0.25\n    return 1.0\n" in fixed
    assert _fix(RETURNS, "TL211", unsafe=False) == normalized(RETURNS)


def test_int_returns_that_are_not_literals_are_left_alone():
    before = _model(
        "return x * self.gain(x.shape[0])\n",
        tail="\n\n    def gain(self, n: int):\n        if n > 2:\n            return 0.5\n        return n\n",
    )
    assert _unfixed(before, "TL211") == 1
    # An int literal among floats, but another int return would stay: nothing is rewritten.
    mixed = before.replace("return n\n", "elif n > 1:\n            return 1\n        return n\n")
    assert "return 1\n" in _fix(mixed, "TL211")


# -- TL210: results of ignored functions ----------------------------------------------------------
IGNORED = _model(
    "g = self.groups(x)\nscale = eps_of(x)\nreturn x.reshape(x.shape[0], g, -1) * scale\n",
    head=(
        "\n\n@torch.jit.ignore\ndef eps_of(x):\n    if x.dim() > 2:\n        return 1e-5\n"
        "    return 0.5\n"
    ),
    tail=(
        "\n\n    @torch.jit.ignore\n    def groups(self, x):  # how many\n"
        "        return min(3, x.shape[1] // 1)\n"
    ),
)


def test_ignored_functions_get_the_return_annotation_safely():
    fixed = _fix(IGNORED, "TL210", unsafe=False)
    assert "def groups(self, x) -> int:  # how many\n" in fixed
    assert "def eps_of(x) -> float:\n" in fixed


def test_ignored_functions_with_mixed_or_unknown_returns_are_left_alone():
    before = IGNORED.replace("return 0.5\n", "return 1\n").replace(
        "return min(3, x.shape[1] // 1)", "return self.table[x.shape[1]]"
    )
    fixed = _fix(before, "TL210")
    assert "def eps_of(x):" in fixed and "def groups(self, x):" in fixed


# -- TL217: empty dicts with int keys -----------------------------------------------------------
DICTS = (
    _model(
        "feats = {}\n"
        "for i, layer in enumerate(self.layers):\n"
        "    x = layer(x)\n"
        "    feats[i] = x\n"
        "for k in range(2):\n"
        "    feats[k] = feats[k] * 2\n"
        "feats[7] = x.sum(0, keepdim=True)\n"
        "return feats[0] + feats[1] + feats[7] + len(feats.keys())\n",
        init="self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])",
    )
    .replace("torch.randn(2, 3, 4)", "torch.randn(2, 4)")
    .replace("torch.randn(5, 3, 4)", "torch.randn(3, 4)")
)


def test_empty_dicts_with_int_keys_and_tensor_values_get_annotated_safely():
    fixed = _fix(DICTS, "TL217", unsafe=False)
    assert "from typing import Dict\n" in fixed
    assert "        feats: Dict[int, torch.Tensor] = {}\n" in fixed


def test_empty_dicts_with_other_stores_are_left_alone():
    before = DICTS.replace(
        "feats[7] = x.sum(0, keepdim=True)",
        "feats[7] = x.sum(0, keepdim=True)\nfeats.update({9: x})".replace("\n", "\n        "),
    )
    assert "feats = {}" in _fix(before, "TL217")
    rebound = DICTS.replace("for k in range(2):", "k = 3\n        for k in range(2):")
    assert "feats = {}" in _fix(rebound, "TL217")


# -- torch: script passes after the fix, eager unchanged, other back-ends as before -----------------
TORCH_CASES = [
    _case("TL209", AFFIXES, "removeprefix"),
    _case("TL213", OPTIONAL_ATTRIBUTES, "optional-attributes"),
    _case("TL213", TRUTH.replace("z = dims or [0]\n", "z = [0]\n"), "optional-truth"),
    _case("TL208", SLICES, "module-slice"),
    _case("TL211", RETURNS, "float-returns"),
    _case("TL210", IGNORED, "ignored-results"),
    _case("TL217", DICTS, "dict-int-keys"),
]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("code", "source"), TORCH_CASES)
def test_fixed_code_scripts_with_eager_and_other_backends_unchanged(code, source):
    base.test_fixed_code_scripts_with_eager_and_other_backends_unchanged(code, source)
