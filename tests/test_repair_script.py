"""Script repairs (TL204-TL212 under ``--target script``): before/after text, what is left
alone, idempotence, and torch's word that the fixed code scripts, equals eager, and still
passes every other back-end the original passed."""

from __future__ import annotations

import textwrap

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.fixes import compiles, fix_text
from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch


def _settings(select: str) -> Settings:
    return Settings(select=(select,), targets=("script",), targets_explicit=True)


def _fix(code: str, select: str, *, unsafe: bool = True) -> str:
    source = normalized(code)
    outcome = fix_text("example.py", source, _settings(select), unsafe=unsafe)
    assert compiles(outcome.text, "example.py") is None
    assert not outcome.dropped, outcome.dropped
    again = fix_text("example.py", outcome.text, _settings(select), unsafe=unsafe)
    assert again.text == outcome.text, f"second fix changed:\n{outcome.text}\n---\n{again.text}"
    return outcome.text


def _unfixed(code: str, select: str) -> int:
    """How many findings of ``select`` the code has, asserting none of them has a fix."""
    found = lint_text("example.py", normalized(code), _settings(select)).diagnostics
    assert all(d.fix is None for d in found), [d.line for d in found if d.fix is not None]
    return len(found)


def _model(body: str, *, head: str = "", init: str = "", params: str = "x", tail: str = "") -> str:
    constructor = ""
    if init:
        lines = textwrap.indent(textwrap.dedent(init), " " * 8)
        constructor = f"    def __init__(self):\n        super().__init__()\n{lines}\n"
    return (
        f"import torch\nfrom torch import nn\n{head}\n\nclass Model(nn.Module):\n"
        + constructor
        + f"    def forward(self, {params}):\n"
        + textwrap.indent(textwrap.dedent(body), " " * 8)
        + tail
        + "\n\ndef inputs():\n    return [(torch.randn(2, 3, 4),), (torch.randn(5, 3, 4),)]\n"
    )


# -- TL204: * over a shape ---------------------------------------------------------------------
def test_star_over_a_shape_becomes_one_list():
    before = _model(
        """\
        h = x * 2
        a = h.reshape(*h.shape[:-1], 2, -1)
        b = h.view(*x.size())
        c = torch.ones(*x.shape[1:], dtype=x.dtype)
        dims = [*x.shape[:1], -1]
        return a.sum(-1) + b + c + h.reshape(dims).sum()
        """
    )
    assert _fix(before, "TL204") == before.replace(
        "h.reshape(*h.shape[:-1], 2, -1)", "h.reshape(list(h.shape[:-1]) + [2, -1])"
    ).replace("h.view(*x.size())", "h.view(x.size())").replace(
        "torch.ones(*x.shape[1:], dtype=x.dtype)", "torch.ones(x.shape[1:], dtype=x.dtype)"
    ).replace("[*x.shape[:1], -1]", "list(x.shape[:1]) + [-1]")
    assert _fix(before, "TL204", unsafe=False) == normalized(before)


def test_star_outside_size_arguments_is_left_alone():
    # print's and a user function's *args, and a tuple display: no list spelling.
    before = _model(
        """\
        print(*x.shape)
        shape = (*x.shape[:-1], 4)
        return combine(x, *x.shape)
        """,
        head="\ndef combine(x, *sizes):\n    return x\n",
    )
    assert _unfixed(before, "TL204") == 3


# -- TL204: comprehensions ---------------------------------------------------------------------
def test_filtered_and_nested_comprehensions_become_annotated_loops():
    before = _model(
        """\
        pieces = x.unbind(1)
        kept = [p.relu() for k, p in enumerate(pieces) if k % 2 == 0]
        axes = [a for a in range(x.dim()) if a != 1]
        cross = [u * v for u in kept for v in kept]
        return torch.stack(kept + cross).mean(axes)
        """
    )
    after = _model(
        """\
        pieces = x.unbind(1)
        kept: List[torch.Tensor] = []
        for k, p in enumerate(pieces):
            if k % 2 == 0:
                kept.append(p.relu())
        axes: List[int] = []
        for a in range(x.dim()):
            if a != 1:
                axes.append(a)
        cross: List[torch.Tensor] = []
        for u in kept:
            for v in kept:
                cross.append(u * v)
        return torch.stack(kept + cross).mean(axes)
        """
    ).replace("from torch import nn\n", "from torch import nn\nfrom typing import List\n")
    assert _fix(before, "TL204") == after


def test_comprehension_inside_a_statement_is_built_before_it():
    before = _model("return x.amax([a for a in range(x.dim()) if a != 1]) + 1\n")
    after = _model(
        """\
        selected: List[int] = []
        for a in range(x.dim()):
            if a != 1:
                selected.append(a)
        return x.amax(selected) + 1
        """
    ).replace("from torch import nn\n", "from torch import nn\nfrom typing import List\n")
    assert _fix(before, "TL204") == after
    # Under a ternary (or `and` / `or`) the comprehension might not run: left alone.
    conditional = _model("return x if x.dim() > 3 else x.amax([a for a in range(x.dim()) if a])\n")
    assert _unfixed(conditional, "TL204") == 1


def test_comprehensions_whose_loop_names_escape_are_left_alone():
    # `p` is also a local (a loop would rebind it), the element type is unknown, and `kept`
    # is read inside its own comprehension.
    before = _model(
        """\
        p = x + 1
        kept = [p * 2 for p in x.unbind(1) if p is not None]
        names = [str(i) for i in range(3) if i]
        kept = [q for q in x.unbind(0) if q is not kept]
        return p + kept[0] + len(names)
        """
    )
    assert _unfixed(before, "TL204") == 3


def test_comprehensions_filtering_on_sizes_or_data_are_left_alone():
    # The filter specialises a trace in both forms, but the linter sees it only in a loop
    # (TL106 / TL101): the rewrite would bring a finding.
    before = _model(
        """\
        nonempty = [c for c in x.unbind(1) if c.numel() > 0]
        positive = [c for c in x.unbind(1) if c is not None and c.sum() > 0]
        return torch.stack(nonempty + positive)
        """
    )
    assert _unfixed(before, "TL204") == 2


# -- TL204: set literals -----------------------------------------------------------------------
def test_set_literals_only_tested_with_in_become_tuples():
    before = _model(
        """\
        skip = {0, 2}
        total = x.sum()
        for axis in range(x.dim()):
            if axis not in skip and axis in {1, 5}:
                total = total + x.size(axis)
        return x * total
        """
    )
    assert _fix(before, "TL204") == before.replace("{0, 2}", "(0, 2)").replace("{1, 5}", "(1, 5)")


def test_sets_used_as_sets_are_left_alone():
    before = _model(
        """\
        seen = {0}
        seen.add(x.dim())
        names = {"a", "b"}
        return x * len(names) + len(seen)
        """
    )
    assert _unfixed(before, "TL204") == 2


# -- TL204: lambdas and nested functions -------------------------------------------------------
def test_closure_free_lambda_and_nested_def_move_to_module_level():
    before = _model(
        """\
        gate = lambda v: v * torch.sigmoid(v)

        def squash(v, k: float = 2.0):
            return torch.tanh(v * k)

        return squash(gate(x))
        """
    )
    fixed = _fix(before, "TL204")
    assert "def gate(v):\n    return v * torch.sigmoid(v)\n" in fixed
    assert "\ndef squash(v, k: float = 2.0):\n    return torch.tanh(v * k)\n" in fixed
    assert fixed.index("def squash") < fixed.index("class Model")
    assert "lambda" not in fixed and "        def squash" not in fixed


def test_closures_over_locals_are_left_alone():
    # (A nested def reading only `self` becomes a method: tests/test_repair_session22.py.)
    before = _model(
        """\
        scale = x.mean()
        shift = lambda v: v - scale
        apply = lambda v, f=shift: f(v)

        def with_local(v):
            return v * scale

        return with_local(shift(x)) + apply(x)
        """
    )
    assert _unfixed(before, "TL204") == 3


# -- TL204: f-string format specs --------------------------------------------------------------
def test_format_specs_become_percent_formatting():
    before = _model(
        """\
        frac = x.size(0) / 7.0
        assert x.dim() == 3, f"got {x.dim()} dims, {frac:f} of 100% {{ok}}"
        label = f"rows={x.size(0):d}".lower()
        return x * len(label)
        """
    )
    assert _fix(before, "TL204") == before.replace(
        'f"got {x.dim()} dims, {frac:f} of 100% {{ok}}"',
        '"got %s dims, %f of 100%% {ok}" % (x.dim(), frac)',
    ).replace('f"rows={x.size(0):d}".lower()', '("rows=%d" % (x.size(0),)).lower()')


def test_format_specs_without_a_percent_spelling_are_left_alone():
    # TorchScript's `%` has no width or precision (torch 2.13: `"%.3f" % v` compiles and fails
    # when it runs), so `{frac:.3f}` and `{n:4d}` have no spelling there either.
    before = _model(
        """\
        frac = x.size(0) / 7.0
        assert frac > 0, f"{frac:>8}"
        assert frac > 0, f"{frac!r:.2}"
        assert frac > 0, f"{frac:.3f}"
        assert frac > 0, f"{x.size(0):4d}"
        return x
        """
    )
    assert _unfixed(before, "TL204") == 4


# -- TL207 -------------------------------------------------------------------------------------
def test_module_level_literal_constants_are_inlined():
    before = _model(
        "return x.clamp(min=FLOOR) * GAIN ** 2 + OFFSETS[0]\n",
        head="\nFLOOR = -0.5\nGAIN = 3 / 2\nOFFSETS = (1.0, 2.0)\n",
    )
    assert _fix(before, "TL207") == before.replace(
        "x.clamp(min=FLOOR) * GAIN ** 2 + OFFSETS[0]",
        "x.clamp(min=-0.5) * (3 / 2) ** 2 + (1.0, 2.0)[0]",
    )


def test_module_level_values_that_change_are_left_alone():
    before = _model(
        "bump()\nreturn x * STEP + WEIGHTS[0] + LIMIT\n",
        head=(
            "\nSTEP = 0\nWEIGHTS = [1.0]\nLIMIT = 1.0\nif torch.cuda.is_available():\n"
            "    LIMIT = 2.0\n\n\ndef bump():\n    global STEP\n    STEP += 1\n"
        ),
    )
    assert _unfixed(before, "TL207") == 3


# -- TL205 -------------------------------------------------------------------------------------
def test_tensor_methods_get_the_spellings_torchscript_binds():
    before = _model(
        "m = (x > 0).bool()\nreturn x.sum(0, keepdims=True) / x.nelement() * x.ndimension() + m\n"
    )
    assert _fix(before, "TL205") == before.replace(
        "(x > 0).bool()", "(x > 0).to(torch.bool)"
    ).replace("keepdims=", "keepdim=").replace("x.nelement()", "x.numel()").replace(
        "x.ndimension()", "x.dim()"
    )


# -- TL206 -------------------------------------------------------------------------------------
def test_inference_mode_becomes_no_grad():
    before = _model(
        """\
        with torch.inference_mode():
            centre = x.mean(0)
        with torch.set_grad_enabled(False):
            spread = x.std(0)
        with torch.inference_mode(False), torch.enable_grad():
            y = x * 2
        return (y - centre) / spread
        """
    )
    assert _fix(before, "TL206") == before.replace(
        "torch.inference_mode():", "torch.no_grad():"
    ).replace("torch.set_grad_enabled(False)", "torch.no_grad()")
    assert _unfixed(_fix(before, "TL206"), "TL206") == 2


# -- TL208 -------------------------------------------------------------------------------------
STACK = """\
self.stages = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])
self.gates = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])
self.scales = [1.0, 0.5, 0.25]
"""


def test_module_container_loops_iterate_the_container():
    before = _model(
        """\
        for k in range(len(self.stages)):
            x = torch.relu(self.stages[k](x))
        for k2 in range(len(self.gates)):
            x = self.gates[k2](x) * (k2 + 1)
        for w, stage in zip(self.scales, self.stages):
            x = x + w * stage(x)
        return x
        """,
        init=STACK,
    )
    after = (
        before.replace(
            "for k in range(len(self.stages)):\n            x = torch.relu(self.stages[k](x))",
            "for stage_2 in self.stages:\n            x = torch.relu(stage_2(x))",
        )
        .replace(
            "for k2 in range(len(self.gates)):\n            x = self.gates[k2](x) * (k2 + 1)",
            "for k2, gate in enumerate(self.gates):\n            x = gate(x) * (k2 + 1)",
        )
        .replace(
            "for w, stage in zip(self.scales, self.stages):\n",
            "for i, stage in enumerate(self.stages):\n            w = self.scales[i]\n",
        )
    )
    assert _fix(before, "TL208") == after


def test_zip_with_a_positional_sequence_only_is_rewritten():
    """``zip(feats, self.stages)`` becomes an index into ``feats`` only where ``feats`` is a
    list or tuple: a dict zips its keys, which ``feats[i]`` does not read (KeyError)."""
    head = "from typing import Dict, List"
    loop = """\
        for f, stage in zip(feats, self.stages):
            x = x + stage(f)
        return x
        """
    listed = _model(loop, head=head, init=STACK, params="x, feats: List[torch.Tensor]")
    assert "w = " not in _fix(listed, "TL208")
    assert "f = feats[i]" in _fix(listed, "TL208")
    keyed = _model(loop, head=head, init=STACK, params="x, feats: Dict[str, torch.Tensor]")
    fixed = _fix(keyed, "TL208")  # the dict's keys by index (fixers/repair_session18.py)
    assert "= feats[i]" not in fixed and "list(feats)" in fixed
    unknown = _model(loop, init=STACK, params="x, feats")
    assert _unfixed(unknown, "TL208") == 1


def test_loops_over_two_containers_or_other_bounds_run_under_a_position_test():
    """No loop over the container for these (fixers/script_module_loops.py); each indexed call
    runs under ``if position == k`` in a loop over its container instead
    (fixers/script_session25.py; torch's word in tests/test_script_session25.py)."""
    before = _model(
        """\
        for k in range(len(self.stages)):
            x = self.gates[k](self.stages[k](x))
        for j in range(2):
            x = self.stages[j](x)
        return x
        """,
        init=STACK,
    )
    after = (
        normalized(before)
        .replace(
            "for k in range(len(self.stages)):\n            x = self.gates[k](self.stages[k](x))",
            "for k, stage_2 in enumerate(self.stages):\n"
            "            for position, gate in enumerate(self.gates):\n"
            "                if position == k:\n"
            "                    x = gate(stage_2(x))",
        )
        .replace(
            "            x = self.stages[j](x)\n",
            "            for position, stage in enumerate(self.stages):\n"
            "                if position == j:\n"
            "                    x = stage(x)\n",
        )
    )
    assert _fix(before, "TL208") == after


# -- TL209 -------------------------------------------------------------------------------------
def test_list_of_map_becomes_a_comprehension():
    before = _model(
        "v = 1\nparts = list(map(torch.tanh, x.chunk(2, 1)))\nsizes = list(map(int, x.shape))\n"
        "return torch.cat(parts, 1) * sizes[0] * v\n"
    )
    assert _fix(before, "TL209") == before.replace(
        "list(map(torch.tanh, x.chunk(2, 1)))", "[torch.tanh(v2) for v2 in x.chunk(2, 1)]"
    ).replace("list(map(int, x.shape))", "[int(v2) for v2 in x.shape]")


def test_map_not_built_into_a_list_is_left_alone():
    # A lazy iterator (its calls may interleave with the loop body), two iterables, a tensor's
    # rows (the comprehension would bring TL105, which the map hid). A lambda of one parameter
    # is rewritten (tests/test_repair_script_heldout15b.py).
    before = _model(
        """\
        for y in map(torch.relu, x.chunk(2, 1)):
            x = x + y
        b = list(map(torch.add, x.chunk(2, 1), x.chunk(2, 1)))
        c = list(map(torch.relu, x.unbind(0)))
        return x + b[0] + c[0]
        """
    )
    assert _unfixed(before, "TL209") == 3


def test_numpy_sqrt_of_a_size_becomes_math_sqrt():
    before = _model(
        "a = float(np.sqrt(x.size(-1)))\nb = np.exp(x.size(-1))\nc = np.sqrt(x.abs())\n"
        "return x / a * b * c\n",
        head="import numpy as np\n",
    )
    fixed = _fix(before, "TL209")
    # np.exp overflows to inf where math.exp raises; a tensor is TL306's: both left alone.
    assert fixed == before.replace("np.sqrt(x.size(-1))", "math.sqrt(x.size(-1))").replace(
        "import numpy as np\n", "import numpy as np\nimport math\n"
    )
    assert _unfixed(fixed, "TL209") == 2


# -- TL210 -------------------------------------------------------------------------------------
def test_helper_parameters_get_the_type_every_caller_passes():
    helpers = (
        "\ndef fold(t, groups, mode):\n    return t.reshape(t.size(0), groups, -1).sum(1)\n\n\n"
        "def scaled(t, factor):\n    return t * factor\n"
    )
    before = _model(
        "y = fold(x, 3, 'sum') + fold(x, x.size(1), 'mean')\nreturn scaled(y, 2) + scaled(y, y)\n",
        head=helpers,
    )
    fixed = _fix(before, "TL210")
    assert "def fold(t, groups: int, mode: str):" in fixed
    assert "def scaled(t, factor):" in fixed  # given an int and a tensor: no one type


def test_method_and_submodule_parameters_get_container_types():
    head = (
        "\n\nclass Head(nn.Module):\n    def forward(self, feats):\n"
        '        return feats["low"] + feats["high"]\n'
    )
    tail = (
        "\n\n    def smooth(self, x, sizes, width):\n"
        "        return torch.split(x, sizes, dim=-1)[0] * width\n"
    )
    before = _model(
        'h = self.smooth(x, [2, 2], 3)\nreturn self.head({"low": h, "high": h * 2})\n',
        head=head,
        init="self.head = Head()\n",
        tail=tail,
    )
    fixed = _fix(before, "TL210")
    assert "def smooth(self, x, sizes: List[int], width: int):" in fixed
    assert "def forward(self, feats: Dict[str, torch.Tensor]):" in fixed
    assert "from typing import Dict, List\n" in fixed or (
        "from typing import List" in fixed and "from typing import Dict" in fixed
    )
    # Another call passing something else: no one type, left alone.
    mixed = before.replace(
        "return self.head(", "x = self.smooth(x, x, 3)\n        return self.head("
    )
    assert "sizes: List[int]" not in _fix(mixed, "TL210")


# -- TL212 -------------------------------------------------------------------------------------
def test_empty_containers_get_class_annotations_safely():
    before = _model(
        """\
        self.seen.append(x.sum())
        self.sizes["rows"] = x.size(0)
        self.mixed.append(x)
        self.mixed.append(1.0)
        return x * len(self.seen) + self.sizes["rows"] + len(self.mixed)
        """,
        init="self.seen = []\nself.sizes = {}\nself.mixed = []\n",
    )
    fixed = _fix(before, "TL212", unsafe=False)
    assert (
        fixed
        == before.replace(
            "class Model(nn.Module):\n",
            "class Model(nn.Module):\n    seen: List[torch.Tensor]\n    sizes: Dict[str, int]\n\n",  # not `mixed`
        ).replace(
            "from torch import nn\n",
            "from torch import nn\nfrom typing import List\nfrom typing import Dict\n",
        )
    )


# -- torch: script passes after the fix, eager unchanged, other back-ends as before ---------------
def _case(code: str, source: str, name: str):
    return pytest.param(code, normalized(source), id=name)


TORCH_CASES = [
    _case(
        "TL204",
        _model(
            "h = x * 2\nreturn h.reshape(*h.shape[:-1], 2, -1).sum(-1) + h.view(*x.shape).sum()\n"
        ),
        "star-shape",
    ),
    _case(
        "TL204",
        _model(
            "pieces = x.unbind(1)\nkept = [p.relu() for p in pieces if p is not None]\n"
            "axes = [a for a in range(x.dim()) if a not in {1}]\n"
            "return torch.stack(kept + [x[:, 0]]).mean(axes)\n"
        ),
        "comprehension-set",
    ),
    _case(
        "TL204",
        _model(
            "gate = lambda v: v * torch.sigmoid(v)\n\ndef squash(v):\n    return torch.tanh(v)\n\n"
            "frac = x.size(0) / 7.0\nassert frac > 0, f'{frac:f}'\nreturn squash(gate(x))\n"
        ),
        "closures-fstring",
    ),
    _case(
        "TL207",
        _model("return x.clamp(min=FLOOR) * GAIN\n", head="\nFLOOR = -0.5\nGAIN = 3 / 2\n"),
        "global-constants",
    ),
    _case("TL205", _model("return x / x.nelement() * x.ndimension()\n"), "tensor-spelling"),
    _case(
        "TL206",
        _model("with torch.inference_mode():\n    centre = x.mean(0)\nreturn x - centre\n"),
        "inference-mode",
    ),
    _case(
        "TL208",
        _model(
            "for k in range(len(self.stages)):\n    x = torch.relu(self.stages[k](x))\n"
            "for w, gate in zip(self.scales, self.gates):\n    x = x + w * gate(x)\nreturn x\n",
            init=STACK,
        ),
        "module-loops",
    ),
    _case(
        "TL209",
        _model("parts = list(map(torch.relu, x.chunk(2, 1)))\nreturn torch.cat(parts, 1)\n"),
        "map",
    ),
    _case(
        "TL209",
        _model("return x / float(np.sqrt(x.size(-1)))\n", head="import numpy as np\n"),
        "numpy-sqrt",
    ),
    _case(
        "TL210",
        _model(
            "return fold(x, 3)\n",
            head="\ndef fold(t, groups):\n    return t.reshape(t.size(0), groups, -1).sum(1)\n",
        ),
        "helper-int",
    ),
    _case(
        "TL210",
        _model(
            "return self.split_sum(x, [2, 2]) + self.split_sum(x, [1, 3])\n",
            tail="\n\n    def split_sum(self, x, sizes):\n"
            "        return torch.split(x, sizes, dim=-1)[0].sum(-1, keepdim=True)\n",
        ),
        "method-list",
    ),
    _case(
        "TL212",
        _model(
            "self.seen.append(x.sum())\nself.last['x'] = x.detach()\nreturn x * len(self.seen)\n",
            init="self.seen = []\nself.last = {}\n",
        ),
        "empty-containers",
    ),
]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("code", "source"), TORCH_CASES)
def test_fixed_code_scripts_with_eager_and_other_backends_unchanged(code, source):
    from .oracle import assert_eager_unchanged, check

    assert not check(source, "script").ok, "nothing to repair"
    fixed = fix_text("example.py", source, _settings(code), unsafe=True).text
    assert fixed != source
    assert_eager_unchanged(source, fixed)
    verdict = check(fixed, "script")
    assert verdict.ok, f"{code} fix still fails to script: {verdict}\n{fixed}"
    for backend in ("trace", "compile", "export"):
        if check(source, backend).ok:
            verdict = check(fixed, backend)
            assert verdict.ok, f"{code} fix broke {backend}: {verdict}\n{fixed}"
