"""Statement forms TorchScript's frontend has no node for or compiles otherwise
(fixers/script_augmented_forms.py): `//=` / `@=` / `%=` spelled out, a tensor's `%=` as its
in-place `remainder_`, a local's value-less annotation removed; before/after text, what is
left alone, and torch's word that the fixed model scripts with eager outputs unchanged."""

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
        import torch
        from torch import nn


        class Model(nn.Module):
            def forward(self, x):
                {forward}


        def inputs():
            return [(torch.randn(2, 8),), (torch.randn(3, 16),)]
        """
    )


# (id, source, the fix's text replacements, whether the fix is unsafe)
CASES = [
    (
        "floordiv-int",
        _model(
            "h = x.shape[-1]\n"
            "                while h > 2:\n"
            "                    x = x[..., ::2]\n"
            "                    h //= 2\n"
            "                return x"
        ),
        [("h //= 2", "h = h // 2")],
        False,
    ),
    (
        "matmul-tensor",
        _model("w = torch.eye(x.shape[-1])\n                x @= w\n                return x"),
        [("x @= w", "x = x @ w")],
        False,
    ),
    (
        "floordiv-tensor",
        _model("y = x.clone()\n                y //= 0.5\n                return y"),
        [("y //= 0.5", "y = y // 0.5")],
        True,
    ),
    (
        "modulo-int",
        _model(
            "shift = x.shape[-1] - 10\n                shift %= 3\n                return x * shift"
        ),
        [("shift %= 3", "shift = shift % 3")],
        False,
    ),
    (
        "modulo-tensor",
        _model("y = x * 10\n                y %= 3\n                return y"),
        [("y %= 3", "y.remainder_(3)")],
        False,
    ),
    (
        "valueless-annotation",
        _model(
            "out: torch.Tensor\n"
            "                if x.shape[0] > 2:\n"
            "                    out = x * 2\n"
            "                else:\n"
            "                    out = x - 1\n"
            "                return out"
        ),
        [("out: torch.Tensor\n        ", "")],
        False,
    ),
]


@pytest.mark.parametrize(
    ("source", "edits", "unsafe"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_each_form_is_rewritten(source, edits, unsafe):
    assert_rewritten(source, edits, unsafe, SETTINGS)


def test_a_commented_declaration_is_left_alone():
    source = _model(
        "out: torch.Tensor  # set below\n                out = x * 2\n                return out"
    )
    assert _fix(source) == source


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(
    ("source", "edits", "unsafe"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_fixed_model_scripts_with_eager_unchanged(source, edits, unsafe):
    assert_script_repaired(source, _fix(source, unsafe=unsafe))
