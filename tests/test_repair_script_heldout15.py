"""Script repairs of the heldout15 mechanisms: a store into a list slice
(fixers/script_slice_store.py), `sum(xs)` of a list of tensors (fixers/script_sum_start.py),
`%` formatting with mapping keys (fixers/script_percent_mapping.py), f-string specs that
TorchScript's `%` formats (fixers/script_fstring.py) and an IntEnum member used as a number
(fixers/script_enum_value.py); before/after text and torch's word that
the fixed model scripts with eager outputs unchanged and no other back-end broken."""

from __future__ import annotations

import pytest

from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text

SETTINGS = Settings(targets=("script",), targets_explicit=True)


def _fix(code: str, *, unsafe: bool = False) -> str:
    return fixed_text(code, SETTINGS, unsafe=unsafe)


def _model(forward: str) -> str:
    return normalized(
        f"""
        from enum import IntEnum
        from typing import List

        import torch
        from torch import nn


        class Level(IntEnum):
            COARSE = 0
            FINE = 2


        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.proj = nn.Conv2d(2, 2, 1)
                self.stage = 2

            def forward(self, x):
                {forward}


        def inputs():
            return [(torch.randn(1, 2, 4, 6),), (torch.randn(3, 2, 8, 2),)]
        """
    )


# (id, source, the fix's text replacements, whether the fix is unsafe)
CASES = [
    (
        "list-slice-store",
        _model(
            "shape: List[int] = list(x.shape)\n"
            "                shape[2:4] = [shape[2] // 2, shape[3] * 2]\n"
            "                return self.proj(x).reshape(shape)"
        ),
        [
            (
                "shape[2:4] = [shape[2] // 2, shape[3] * 2]",
                "shape[2], shape[3] = shape[2] // 2, shape[3] * 2",
            )
        ],
        True,
    ),
    (
        "list-slice-store-from-end",
        _model(
            "dims = list(x.shape)\n"
            "                dims[-2:] = [dims[-1], dims[-2]]\n"
            "                return x.reshape(dims)"
        ),
        [("dims[-2:] = [dims[-1], dims[-2]]", "dims[-2], dims[-1] = dims[-1], dims[-2]")],
        True,
    ),
    (
        "sum-of-tensor-list",
        _model(
            "terms: List[torch.Tensor] = []\n"
            "                for k in range(3):\n"
            "                    terms.append(x.pow(k).mean())\n"
            "                return x * sum(terms)"
        ),
        [
            (
                "        return x * sum(terms)",
                "        total = 0 + terms[0]\n"
                "        for term in terms[1:]:\n"
                "            total = total + term\n"
                "        return x * total",
            )
        ],
        True,
    ),
    (
        "percent-mapping-keys",
        _model(
            'key = "s%(idx)d-%(idx)d %(name)s 100%%" % {"idx": self.stage, "name": "ln"}\n'
            "                return x * len(key)"
        ),
        [
            (
                '"s%(idx)d-%(idx)d %(name)s 100%%" % {"idx": self.stage, "name": "ln"}',
                '"s%d-%d %s 100%%" % (self.stage, self.stage, "ln")',
            )
        ],
        False,
    ),
    (
        "intenum-as-number",
        _model(
            "depth = Level.FINE + 1\n"
            "                for _ in range(Level.FINE):\n"
            "                    x = x * 0.5\n"
            "                return x.sum(Level.COARSE) * depth"
        ),
        [
            ("Level.FINE + 1", "Level.FINE.value + 1"),
            ("range(Level.FINE)", "range(Level.FINE.value)"),
            ("x.sum(Level.COARSE)", "x.sum(Level.COARSE.value)"),
        ],
        False,
    ),
    (
        "fstring-bare-spec",
        _model(
            "n = x.size(0)\n"
            '                label = f"rows={n:d} scale={n / 3:f}"\n'
            "                return x * len(label)"
        ),
        [('f"rows={n:d} scale={n / 3:f}"', '"rows=%d scale=%f" % (n, n / 3)')],
        True,
    ),
]


@pytest.mark.parametrize(
    ("source", "edits", "unsafe"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_each_spelling_is_rewritten(source, edits, unsafe):
    assert_rewritten(source, edits, unsafe, SETTINGS)


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(
    ("source", "edits", "unsafe"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_fixed_model_scripts_with_eager_unchanged(source, edits, unsafe):
    assert_script_repaired(source, _fix(source, unsafe=unsafe))


def test_left_alone():
    """No rewrite where the fixed text would not mean the same: a slice whose span and list
    differ in length, a mapping value with a call in it, a precision TorchScript's `%` lacks."""
    for forward in (
        "dims = list(x.shape)\n"
        "                dims[1:3] = [dims[1] * dims[2]]\n"
        "                return x.reshape(dims)",
        'key = "s%(n)d" % {"n": x.size(0)}\n                return x * len(key)',
        'label = f"{x.size(0) / 3:.2f}"\n                return x * len(label)',
    ):
        source = _model(forward)
        assert _fix(source, unsafe=True) == source
