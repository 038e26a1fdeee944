"""Script mechanisms from the heldout6 probe batch, each linted and run through torch.

Each case is a complete example (``Model`` and ``inputs()``); the rule flags it exactly when
torch 2.13's ``torch.jit.script`` rejects it or diverges from eager on the inputs (the torch
half runs where torch is installed): a torch function without an operator
(``torch.get_default_dtype()``), a tensor's shape used as a ``torch.Size`` (``.numel()``), a set
stored on the module, modules of a list / tuple / property called in a loop, ``zip`` of a
ModuleList with a ParameterList or ``strict=True`` (clean), a ``slice`` returned by a helper, a
TypedDict annotation, ``sorted(d.items())`` of tensors of different shapes, a spectral / weight
norm, ``or`` of ints used as a value, and an int hash overflowing int64.
"""

from __future__ import annotations

import pytest

from .conftest import requires_torch
from .lint_helpers import script_disagreements
from .test_script_misses import _flagged

HEAD = (
    "from typing import Dict, List, Optional, TypedDict\n\nimport torch\nfrom torch import nn\n\n\n"
)
TAIL = "\n\ndef inputs():\n    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"


def _module(init: str, forward: str, extra: str = "") -> str:
    return (
        HEAD + extra + "class Model(nn.Module):\n    def __init__(self):\n"
        "        super().__init__()\n" + init + "\n\n    def forward(self, x):\n" + forward + TAIL
    )


LAYERS = "        self.a = nn.Linear(3, 3)\n        self.b = nn.Linear(3, 3)"

# (rule, source, whether the rule flags it). Torch's verdict is computed in the test.
CASES = [
    # torch functions TorchScript has no operator for (generated table).
    ("TL209", _module("        pass", "        return x.to(torch.get_default_dtype())"), True),
    ("TL209", _module("        pass", "        return x * torch.get_num_threads()"), True),
    ("TL209", _module("        pass", "        return x.to(torch.float32)"), False),
    # torch.Size methods on a shape (List[int] in TorchScript).
    ("TL205", _module("        pass", "        return x * x.shape[1:].numel()"), True),
    ("TL205", _module("        pass", "        return x * x.size().numel()"), True),
    ("TL205", _module("        pass", "        return x * x.numel() * len(x.shape[1:])"), False),
    # A set (any elements) on the module, read in forward.
    (
        "TL212",
        _module(
            "        self.s = set([1, 2])",
            "        if 1 in self.s:\n            x = x + 1\n        return x",
        ),
        True,
    ),
    (
        "TL212",
        _module(
            "        self.s = frozenset([1])",
            "        if 1 in self.s:\n            x = x + 1\n        return x",
        ),
        True,
    ),
    (
        "TL212",
        _module(
            "        self.s = [1, 2]",
            "        if 1 in self.s:\n            x = x + 1\n        return x",
        ),
        False,
    ),
    # Modules of a list / tuple literal or of a property, called in a loop.
    (
        "TL208",
        _module(
            LAYERS, "        for m in [self.a, self.b]:\n            x = m(x)\n        return x"
        ),
        True,
    ),
    (
        "TL208",
        _module(
            LAYERS, "        for m in (self.a, self.b):\n            x = m(x)\n        return x"
        ),
        True,
    ),
    (
        "TL208",
        _module(
            LAYERS,
            "        for m in [self.a, self.b]:\n            x = m.forward(x)\n        return x",
        ),
        False,
    ),
    (
        "TL208",
        _module(
            LAYERS + "\n\n    @property\n    def stages(self):\n        return (self.a, self.b)",
            "        for m in self.stages:\n            x = m(x)\n        return x",
        ),
        True,
    ),
    # zip of module containers: a ParameterList is one, `strict=` is no sequence.
    (
        "TL208",
        _module(
            "        self.l = nn.ModuleList([nn.Linear(3, 3)])\n"
            "        self.g = nn.ParameterList([nn.Parameter(torch.ones(3))])",
            "        for m, g in zip(self.l, self.g):\n            x = m(x) * g\n        return x",
        ),
        False,
    ),
    (
        "TL208",
        _module(
            "        self.l = nn.ModuleList([nn.Linear(3, 3)])\n"
            "        self.n = nn.ModuleList([nn.LayerNorm(3)])",
            "        for m, n in zip(self.l, self.n, strict=True):\n            x = m(n(x))\n        return x",
        ),
        False,
    ),
    (
        "TL208",
        _module(
            "        self.l = nn.ModuleList([nn.Linear(3, 3)])",
            "        for m, s in zip(self.l, [2.0]):\n            x = m(x) * s\n        return x",
        ),
        True,
    ),
    # A slice object as a value.
    (
        "TL209",
        _module(
            "        pass",
            "        return x[..., _crop(2)]",
            "def _crop(k: int):\n    return slice(0, k)\n\n\n",
        ),
        True,
    ),
    (
        "TL209",
        _module("        pass", "        s = (slice(0, 1), slice(0, 2))\n        return x[s]"),
        True,
    ),
    ("TL209", _module("        pass", "        s = slice(0, 1)\n        return x[s]"), False),
    # TypedDict in a scripted signature.
    (
        "TL214",
        _module(
            "        pass",
            "        return _pack(x)['a']",
            "class Out(TypedDict):\n    a: torch.Tensor\n\n\ndef _pack(x: torch.Tensor) -> Out:\n"
            "    return {'a': x}\n\n\n",
        ),
        True,
    ),
    (
        "TL214",
        _module(
            "        pass",
            "        return _pack(x)['a']",
            "def _pack(x: torch.Tensor) -> Dict[str, torch.Tensor]:\n    return {'a': x}\n\n\n",
        ),
        False,
    ),
    # sorted(d.items()) of tensors of different shapes.
    (
        "TL209",
        _module(
            "        pass",
            "        d: Dict[str, torch.Tensor] = {'b': x, 'a': x.sum(0)}\n"
            "        return torch.cat([v.flatten() for _, v in sorted(d.items())])",
        ),
        True,
    ),
    (
        "TL209",
        _module(
            "        self.d = {'b': 1, 'a': 2}",
            "        return x * [v for _, v in sorted(self.d.items())][0]",
        ),
        False,
    ),
    # Spectral / weight norm.
    (
        "TL219",
        _module(
            "        self.fc = nn.utils.spectral_norm(nn.Linear(3, 3))", "        return self.fc(x)"
        ),
        True,
    ),
    (
        "TL219",
        _module(
            "        self.fc = nn.utils.parametrizations.orthogonal(nn.Linear(3, 3))",
            "        return self.fc(x)",
        ),
        True,
    ),
    (
        "TL219",
        _module(
            "        self.body = nn.Sequential(nn.utils.weight_norm(nn.Linear(3, 3)), nn.ReLU())",
            "        return self.body(x)",
        ),
        True,
    ),
    ("TL219", _module("        self.fc = nn.Linear(3, 3)", "        return self.fc(x)"), False),
    # `or` / `and` of ints used as a value.
    ("TL220", _module("        self.w = 2", "        return x * (self.w or x.shape[-1])"), True),
    (
        "TL220",
        _module("        self.w = 0.5", "        n = len(x.shape) or 1\n        return x * n"),
        True,
    ),
    (
        "TL220",
        _module(
            "        self.w = 2",
            "        f = self.w or x.shape[-1]\n        if f:\n            x = x + 1\n        return x",
        ),
        False,
    ),
    (
        "TL220",
        _module("        self.w = 2", "        return x * (self.w if self.w else x.shape[-1])"),
        False,
    ),
]

# An int hash overflowing int64 (an integer input, so its own example).
HASH = (
    HEAD + "class Model(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
    "        self.prime = 1000003\n\n    def forward(self, x):\n        ids: List[int] = x.tolist()\n"
    "        h = 0\n        for t in ids:\n            h = {update}\n        return x + h % 97\n\n\n"
    "def inputs():\n    return [(torch.tensor([17, 4, 99, 250, 3, 7]),), (torch.tensor([5, 6]),)]\n"
)
CASES += [
    ("TL221", HASH.format(update="h * self.prime + t"), True),
    ("TL221", HASH.format(update="(h * self.prime + t) % 1000033"), False),
]


@pytest.mark.parametrize(("code", "source", "flagged"), CASES)
def test_rule_verdict(code: str, source: str, flagged: bool) -> None:
    assert _flagged(code, source) == flagged, source


@requires_torch
@pytest.mark.torch
def test_torch_agrees() -> None:
    disagree = script_disagreements(CASES)
    assert not disagree, disagree


# -- fixes ---------------------------------------------------------------------------------------
def _fixed(code: str, source: str, unsafe: bool) -> str:
    from torchlint.lint.fixes import fix_text
    from torchlint.lint.settings import Settings

    settings = Settings(select=(code,), targets_explicit=True)
    return fix_text("example.py", source, settings, unsafe=unsafe).text


LOOP = "        self.layers = nn.ModuleList([nn.Linear(3, 3), nn.Linear(3, 3)])"


def test_continue_goes_under_a_negated_test_only_where_it_is_the_whole_branch():
    direct = _module(
        LOOP,
        "        for i, layer in enumerate(self.layers):\n"
        "            y = x\n            if i in (0, 3):\n                continue\n"
        "            x = layer(y)\n        return x",
    )
    fixed = _fixed("TL208", direct, unsafe=False)
    assert "            if not (i in (0, 3)):\n                x = layer(y)\n" in fixed
    assert "continue" not in fixed
    nested = _module(
        LOOP,
        "        for layer in self.layers:\n            if self.training:\n"
        "                if x.sum() > 0:\n                    continue\n"
        "            x = layer(x)\n        return x",
    )
    assert _fixed("TL208", nested, unsafe=True) == nested


def test_numel_of_a_shape_slice_is_unsafe_and_of_the_whole_shape_safe():
    source = _module("        pass", "        return x * x.shape.numel() * x.size()[1:].numel()")
    safe = _fixed("TL205", source, unsafe=False)
    assert "x * x.numel() * x.size()[1:].numel()" in safe
    assert "x * x.numel() * x.flatten(1).shape[1]" in _fixed("TL205", source, unsafe=True)


def test_set_attribute_becomes_a_list_only_where_it_is_only_tested_for_membership():
    tested = _module(
        "        self.s = {1, 2}\n        self.t = set([3])",
        "        if 1 in self.s and 2 not in self.t:\n            x = x + 1\n        return x",
    )
    fixed = _fixed("TL212", tested, unsafe=True)
    assert "self.s = [1, 2]" in fixed and "self.t = list(set([3]))" in fixed
    assert _fixed("TL212", tested, unsafe=False) == tested
    iterated = _module(
        "        self.s = set([1, 2])",
        "        for v in self.s:\n            x = x + v\n        return x",
    )
    assert _fixed("TL212", iterated, unsafe=True) == iterated


def test_boolean_operator_fix_is_safe_for_a_name_and_unsafe_for_an_attribute():
    source = _module(
        "        self.w = 2",
        "        n = x.shape[0]\n        a = n or 1\n        b = self.w or x.shape[-1]\n"
        "        return x * a * b",
    )
    safe = _fixed("TL220", source, unsafe=False)
    assert "a = n if n else 1" in safe and "b = self.w or x.shape[-1]" in safe
    unsafe = _fixed("TL220", source, unsafe=True)
    assert "b = self.w if self.w else x.shape[-1]" in unsafe


def test_typed_dict_of_mixed_fields_is_left_alone():
    source = _module(
        "        pass",
        "        return _pack(x)['a']",
        "class Out(TypedDict):\n    a: torch.Tensor\n    n: int\n\n\n"
        "def _pack(x: torch.Tensor) -> Out:\n    return {'a': x, 'n': 1}\n\n\n",
    )
    assert _flagged("TL214", source)
    assert _fixed("TL214", source, unsafe=True) == source


def test_hash_is_reduced_in_the_loop_only_where_only_its_remainder_is_read():
    reduced = _fixed("TL221", HASH.format(update="h * self.prime + t"), unsafe=True)
    assert "h = (h * self.prime + t) % 97" in reduced
    assert _fixed("TL221", HASH.format(update="h * self.prime + t"), unsafe=False) != reduced
    read = HASH.format(update="h * self.prime + t").replace("x + h % 97", "x + h % 97 + h")
    assert _fixed("TL221", read, unsafe=True) == read


def test_modules_of_a_literal_sequence_are_called_through_forward():
    source = _module(
        LAYERS, "        for m in [self.a, self.b]:\n            x = m(x) + m(x)\n        return x"
    )
    fixed = _fixed("TL208", source, unsafe=True)
    assert "x = m.forward(x) + m.forward(x)" in fixed
    assert _fixed("TL208", source, unsafe=False) == source


def test_keyword_only_parameters_with_defaults_become_ordinary_ones():
    source = (
        HEAD
        + "class Block(nn.Module):\n    def forward(self, x, *, scale: float = 1.0, shift: int = 0):\n"
        "        return x * scale + shift\n\n\nclass Model(nn.Module):\n    def __init__(self):\n"
        "        super().__init__()\n        self.block = Block()\n\n    def forward(self, x):\n"
        "        return self.block(x, scale=0.5)" + TAIL
    )
    fixed = _fixed("TL201", source, unsafe=True)
    assert "def forward(self, x, scale: float = 1.0, shift: int = 0):" in fixed
    assert _fixed("TL201", source, unsafe=False) == source


def test_empty_list_of_sizes_is_annotated_and_a_shape_tuple_passed_as_is():
    source = _module(
        "        pass",
        "        sizes = []\n        sizes.append(x.shape[-1])\n"
        "        y = torch.nn.functional.interpolate(x[None], size=tuple(x.shape[-1:]))\n"
        "        return y[0] * sizes[0]",
    )
    fixed = _fixed("TL217", source, unsafe=False)
    assert "sizes: List[int] = []" in fixed
    assert "size=x.shape[-1:]" in _fixed("TL209", source, unsafe=False)
    mixed = source.replace(
        "sizes.append(x.shape[-1])", "sizes.append(x.shape[-1])\n        sizes.append(x)"
    )
    assert "sizes: List[int]" not in _fixed("TL217", mixed, unsafe=True)


@requires_torch
@pytest.mark.torch
def test_checkpoint_calls_script_with_or_without_an_else() -> None:
    # A checkpoint call becomes `fn(x) if torch.jit.is_scripting() else checkpoint(...)`
    # (fixers/repair_session22.py), in a training branch with an `else` or without one.
    from .oracle import check

    body = (
        "        for blk in self.layers:\n            if self.training:\n"
        "                x = checkpoint(blk, x, use_reentrant=False)\n"
        "            else:\n                x = blk(x)\n        return x"
    )
    extra = "from torch.utils.checkpoint import checkpoint\n\n\n"
    alone = body.replace("            else:\n                x = blk(x)\n", "")
    for forward in (body, alone):
        source = _module(LOOP, forward, extra)
        assert not check(source, "script").ok
        fixed = _fixed("TL209", source, unsafe=False)
        assert "blk(x) if torch.jit.is_scripting() else checkpoint(blk, x" in fixed
        assert check(fixed, "script").ok


@requires_torch
@pytest.mark.torch
def test_dict_expansion_becomes_a_copy_with_the_keys_set():
    source = _module(
        "        self.defaults = {'a': 1.0, 'b': 0.5}",
        "        opts = {**self.defaults, 'a': 2.0}\n        return x * opts['a'] * opts['b']",
    )
    fixed = _fixed("TL204", source, unsafe=True)
    assert "        opts = self.defaults.copy()\n        opts['a'] = 2.0\n" in fixed
    assert _fixed("TL204", source, unsafe=False) == source
    from .oracle import check

    assert check(fixed, "script").ok


def test_varargs_become_one_list_where_every_call_of_the_file_is_positional():
    source = _module(
        "        pass",
        "        return _merge(x, x + 1) + _merge(x)",
        "def _merge(*parts: torch.Tensor) -> torch.Tensor:\n    return torch.cat(parts, dim=1)\n\n\n",
    )
    fixed = _fixed("TL201", source, unsafe=True)
    assert "def _merge(parts: List[torch.Tensor]) -> torch.Tensor:" in fixed
    assert "return _merge([x, x + 1]) + _merge([x])" in fixed
    assert _fixed("TL201", source, unsafe=False) == source
    tupled = source.replace("torch.cat(parts, dim=1)", "torch.cat(parts + (x,), dim=1)")
    assert _fixed("TL201", tupled, unsafe=True) == tupled
