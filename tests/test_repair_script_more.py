"""More script repairs (under ``--target script``): ``super().forward`` of a torch layer spelled
out, list defaults moved into the body, module-level lists inlined. Before/after text, what is
left alone, safe vs unsafe, idempotence, and torch's word that the fixed code scripts, equals
eager, and still passes every other back-end the original passed."""

from __future__ import annotations

import pytest

from torchlint.lint.rule import normalized

from . import test_repair_script as base
from .conftest import requires_torch
from .test_repair_script import _case, _fix, _model, _unfixed

# -- super().forward of a torch layer ----------------------------------------------------------
SUPER_FORWARD = """\
import torch
from torch import nn


class Layer({base}):
    def forward(self, {inputs}):
        return super().forward({args}).relu()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = Layer({init})

    def forward(self, x):
        return {call}


def inputs():
    return [({example},), ({example2},)]
"""


def _layer(base: str, init: str, *, inputs: str = "x", call: str = "self.layer(x)", **kw) -> str:
    return SUPER_FORWARD.format(
        base=base,
        init=init,
        inputs=inputs,
        args=kw.get("args", inputs),
        call=call,
        example=kw.get("example", "torch.randn(2, 3, 8)"),
        example2=kw.get("example2", "torch.randn(4, 3, 8)"),
    )


@pytest.mark.parametrize(
    ("base", "spelled"),
    [
        ("nn.Linear", "torch.nn.functional.linear(x, self.weight, self.bias)"),
        ("nn.Conv1d", "self._conv_forward(x, self.weight, self.bias)"),
        (
            "nn.LayerNorm",
            "torch.nn.functional.layer_norm(x, self.normalized_shape, self.weight, self.bias, "
            "self.eps)",
        ),
    ],
)
def test_super_forward_of_a_torch_layer_is_spelled_out_safely(base, spelled):
    before = _layer(base, "8, 8")
    assert _fix(before, "TL209", unsafe=False) == before.replace("super().forward(x)", spelled)


def test_super_forward_uses_the_files_functional_alias():
    before = _layer("nn.Linear", "8, 8").replace(
        "from torch import nn\n", "from torch import nn\nimport torch.nn.functional as F\n"
    )
    assert "return F.linear(x, self.weight, self.bias).relu()" in _fix(before, "TL209")
    # The two-argument spelling of the same super().
    explicit = before.replace("super().forward(x)", "super(Layer, self).forward(x)")
    assert "return F.linear(x, self.weight, self.bias).relu()" in _fix(explicit, "TL209")


def test_super_forward_of_project_bases_and_other_calls_is_left_alone():
    # A project base, two bases, keyword arguments, another method of super().
    before = """\
import torch
from torch import nn


class Base(nn.Linear):
    pass


class A(Base):
    def forward(self, x):
        return super().forward(x)


class Mixin:
    pass


class B(Mixin, nn.Linear):
    def forward(self, x):
        return super().forward(x)


class C(nn.Linear):
    def forward(self, x):
        return super().forward(input=x) + super().extra_repr().count("a")


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = A(3, 3)
        self.b = B(3, 3)
        self.c = C(3, 3)

    def forward(self, x):
        return self.a(x) + self.b(x) + self.c(x)
"""
    assert _unfixed(before, "TL209") == 4


# -- list defaults -----------------------------------------------------------------------------
def test_list_default_moves_into_the_body_unsafely():
    before = _model(
        "return x - self.pool(x)\n",
        head="from typing import List\n",
        tail=(
            "\n\n    def pool(self, x, dims: List[int] = [-1], scales=[2.0]):\n"
            '        """Mean over dims."""\n'
            "        return x.mean(dims, keepdim=True) * scales[0]\n"
        ),
    )
    after = _model(
        "return x - self.pool(x)\n",
        head="from typing import List\nfrom typing import Optional\n",
        tail=(
            "\n\n    def pool(self, x, dims: Optional[List[int]] = None, "
            "scales: Optional[List[float]] = None):\n"
            '        """Mean over dims."""\n'
            "        if scales is None:\n"
            "            scales = [2.0]\n"
            "        if dims is None:\n"
            "            dims = [-1]\n"
            "        return x.mean(dims, keepdim=True) * scales[0]\n"
        ),
    )
    assert _fix(before, "TL214") == after
    assert _fix(before, "TL214", unsafe=False) == normalized(before)


def test_list_defaults_the_body_changes_or_passes_on_are_left_alone():
    before = _model(
        "return self.pool(x) + self.grow(x) + self.keep(x)\n",
        head="from typing import List\n\n\ndef other(v: List[int]) -> int:\n    return v[0]\n",
        tail=(
            "\n\n    def pool(self, x, dims: List[int] = [-1]):\n"
            "        dims.append(0)\n"
            "        return x.mean(dims)\n"
            "\n    def grow(self, x, dims: List[int] = [-1]):\n"
            "        return x * other(dims)\n"
            "\n    def keep(self, x, dims: List[int] = []):\n"
            "        self.dims = dims\n"
            "        return x\n"
        ),
    )
    assert _unfixed(before, "TL214") == 3


# -- module-level lists ------------------------------------------------------------------------
def test_module_level_list_read_only_is_inlined_unsafely():
    before = _model(
        "return x.mean(REDUCE_DIMS, keepdim=True) + x.sum(REDUCE_DIMS[0]) + len(REDUCE_DIMS)\n",
        head="\nREDUCE_DIMS = [1, -1]\n",
    )
    assert _fix(before, "TL207") == before.replace(
        "x.mean(REDUCE_DIMS, keepdim=True) + x.sum(REDUCE_DIMS[0]) + len(REDUCE_DIMS)",
        "x.mean([1, -1], keepdim=True) + x.sum(REDUCE_DIMS[0]) + len([1, -1])",
    )
    assert _fix(before, "TL207", unsafe=False) == normalized(before)


def test_module_level_lists_that_change_or_mix_types_are_left_alone():
    before = _model(
        "return x.mean(GROWN) * len(MIXED) + x.sum(EMPTY) * len(PASSED)\n",
        head=(
            "\nGROWN = [1]\nGROWN.append(2)\nMIXED = [1, 2.0]\nEMPTY = []\nPASSED = [1]\n"
            "ALIAS = PASSED\n"
        ),
    )
    assert _unfixed(before, "TL207") == 4


# -- torch: script passes after the fix, eager unchanged, other back-ends as before ---------------
TORCH_CASES = [
    _case(
        "TL209",
        _layer(
            "nn.Conv1d",
            "3, 3, 3",
        ).replace("super().forward(x)", "super().forward(nn.functional.pad(x, (1, 1)))"),
        "conv1d-same",
    ),
    _case("TL209", _layer("nn.Linear", "8, 5"), "linear"),
    _case(
        "TL209",
        _layer(
            "nn.Conv2d",
            "3, 2, 3, padding=1, padding_mode='reflect'",
            example="torch.randn(1, 3, 6, 6)",
            example2="torch.randn(2, 3, 5, 7)",
        ),
        "conv2d-reflect",
    ),  # fmt: skip
    _case("TL209", _layer("nn.LayerNorm", "8"), "layer-norm"),
    _case("TL209", _layer("nn.GroupNorm", "3, 3"), "group-norm"),
    _case("TL209", _layer("nn.RMSNorm", "8"), "rms-norm"),
    _case(
        "TL209",
        _layer(
            "nn.Embedding",
            "10, 4, padding_idx=0",
            example="torch.tensor([[1, 0, 3]])",
            example2="torch.tensor([[9, 2]])",
        ),
        "embedding",
    ),  # fmt: skip
    _case(
        "TL209",
        _layer(
            "nn.Bilinear",
            "8, 8, 5",
            inputs="a, b",
            call="self.layer(x, x.flip(-1))",
        ),
        "bilinear",
    ),
    _case(
        "TL214",
        _model(
            "return x - self.pool(x) + self.pool(x, [0])\n",
            head="from typing import List\n",
            tail=(
                "\n\n    def pool(self, x, dims: List[int] = [-1], scale=[2.0]):\n"
                "        return x.mean(dims, keepdim=True) * scale[0]\n"
            ),
        ),
        "list-default",
    ),
    _case(
        "TL207",
        _model(
            "total = x.sum(DIMS)\nfor d in DIMS:\n    total = total + x.size(d)\n"
            "return total * len(NAMES)\n",
            head="\nDIMS = [1, -1]\nNAMES = ['a', 'b']\n",
        ),
        "global-lists",
    ),
]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("code", "source"), TORCH_CASES)
def test_fixed_code_scripts_with_eager_and_other_backends_unchanged(code, source):
    base.test_fixed_code_scripts_with_eager_and_other_backends_unchanged(code, source)


@requires_torch
@pytest.mark.torch
def test_spelled_out_layer_forward_equals_torchs_bit_for_bit():
    """The table's expressions against the layers' own forward, with torch.equal."""
    import torch

    from torchlint.fixers.script_super_forward import FORWARDS

    torch.manual_seed(0)
    layers = {
        "Linear": (torch.nn.Linear(8, 5), (torch.randn(3, 8),)),
        "Bilinear": (torch.nn.Bilinear(4, 6, 5), (torch.randn(3, 4), torch.randn(3, 6))),
        "Conv1d": (torch.nn.Conv1d(2, 3, 3, padding_mode="circular", padding=1),
                   (torch.randn(2, 2, 7),)),
        "Conv2d": (torch.nn.Conv2d(2, 3, 3, stride=2), (torch.randn(1, 2, 7, 7),)),
        "Conv3d": (torch.nn.Conv3d(2, 3, 2), (torch.randn(1, 2, 4, 4, 4),)),
        "LayerNorm": (torch.nn.LayerNorm([3, 4]), (torch.randn(2, 3, 4),)),
        "GroupNorm": (torch.nn.GroupNorm(2, 4), (torch.randn(2, 4, 5),)),
        "RMSNorm": (torch.nn.RMSNorm(4), (torch.randn(2, 4),)),
        "Embedding": (torch.nn.Embedding(10, 4, padding_idx=0, max_norm=1.0),
                      (torch.tensor([[1, 0, 9]]),)),
        "Dropout": (torch.nn.Dropout(0.3).eval(), (torch.randn(4, 4),)),
    }  # fmt: skip
    assert {name.rpartition(".")[2] for name in FORWARDS} == set(layers)
    for name, (layer, args) in layers.items():
        count, template = FORWARDS[f"torch.nn.{name}"]
        assert count == len(args)
        text = template.format(*(f"a{i}" for i in range(count)), F="F", self="layer")
        scope = {"F": torch.nn.functional, "layer": layer}
        scope.update({f"a{i}": a.clone() for i, a in enumerate(args)})
        want = layer(*(a.clone() for a in args))
        got = eval(text, scope)  # noqa: S307 - the table's own expression
        assert torch.equal(got, want), name


# -- TL214: abstract container annotations ------------------------------------------------------
ABSTRACT_ANNOTATIONS = _model(
    'return scale_all(x, [1.0, 2.0]) + pool({"a": x})\n',
    head=(
        "from collections.abc import Mapping\nfrom typing import Optional, Sequence\n\n\n"
        "def scale_all(x: torch.Tensor, factors: Optional[Sequence[float]]) -> torch.Tensor:\n"
        "    if factors is not None:\n        for f in factors:\n            x = x * f\n"
        "    return x\n\n\n"
        "def pool(feats: Mapping[str, torch.Tensor]) -> torch.Tensor:\n"
        '    return feats["a"]\n'
    ),
)


def test_abstract_container_annotations_become_the_concrete_ones_unsafely():
    fixed = _fix(ABSTRACT_ANNOTATIONS, "TL214")
    assert "factors: Optional[List[float]]" in fixed
    assert "feats: Dict[str, torch.Tensor]" in fixed
    assert _fix(ABSTRACT_ANNOTATIONS, "TL214", unsafe=False) == normalized(ABSTRACT_ANNOTATIONS)
    # A bare `Iterable` names no element type: left alone.
    bare = ABSTRACT_ANNOTATIONS.replace("Optional[Sequence[float]]", "Optional[Iterable]").replace(
        "from typing import Optional, Sequence", "from typing import Iterable, Optional, Sequence"
    )
    assert "Optional[Iterable]" in _fix(bare, "TL214")


@requires_torch
@pytest.mark.torch
def test_concrete_annotations_script_with_eager_unchanged():
    base.test_fixed_code_scripts_with_eager_and_other_backends_unchanged(
        "TL214", normalized(ABSTRACT_ANNOTATIONS)
    )


# -- TL215: norm without p -------------------------------------------------------------------
NORM_WITHOUT_P = _model(
    "y = x / x.norm(dim=-1, keepdim=True)\n"
    "return y + x.norm(dim=(1, 2)).reshape(-1, 1, 1) + x.norm(dim=(0, 1, 2))\n"
)


def test_norm_over_one_or_two_dims_gets_p_2_safely():
    fixed = _fix(NORM_WITHOUT_P, "TL215", unsafe=False)
    assert "x.norm(p=2, dim=-1, keepdim=True)" in fixed
    assert "x.norm(p=2, dim=(1, 2))" in fixed
    assert "x.norm(dim=(0, 1, 2))" in fixed  # three dims: "fro" is not p=2 there


@requires_torch
@pytest.mark.torch
def test_norm_with_p_scripts_with_eager_unchanged():
    source = normalized(NORM_WITHOUT_P.replace(" + x.norm(dim=(0, 1, 2))", ""))
    base.test_fixed_code_scripts_with_eager_and_other_backends_unchanged("TL215", source)


# -- TL214 / TL210: literals and annotations of another number type ----------------------------
NUMBER_TYPES = _model(
    "return temper(x) + self.rescale(x, 1) + self.rescale(x, gain=2)\n",
    head=("\n\ndef temper(x: torch.Tensor, tau: int = 1.0) -> torch.Tensor:\n    return x / tau\n"),
    tail=(
        "\n\n    def rescale(self, x: torch.Tensor, gain: float) -> torch.Tensor:\n"
        "        return x * gain\n"
    ),
)


def test_numbers_take_the_type_the_signature_says_unsafely():
    fixed = _fix(_fix(NUMBER_TYPES, "TL214"), "TL210")
    assert "tau: float = 1.0" in fixed
    assert "self.rescale(x, 1.0) + self.rescale(x, gain=2.0)" in fixed
    assert _fix(NUMBER_TYPES, "TL214", unsafe=False) == normalized(NUMBER_TYPES)


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize("code", ["TL214", "TL210"])
def test_number_types_script_with_eager_unchanged(code):
    source = normalized(NUMBER_TYPES)
    if code == "TL210":
        source = source.replace("tau: int = 1.0", "tau: float = 1.0")
    else:
        source = source.replace("self.rescale(x, 1) + self.rescale(x, gain=2)", "x")
    base.test_fixed_code_scripts_with_eager_and_other_backends_unchanged(code, source)
