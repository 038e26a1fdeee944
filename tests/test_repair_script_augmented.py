"""Statement forms TorchScript's frontend has no node for (fixers/script_augmented_forms.py):
`//=` / `@=` spelled out, a local's value-less annotation removed; before/after text, what is
left alone, and torch's word that the fixed model scripts with eager outputs unchanged."""

from __future__ import annotations

import pytest

from torchlint.lint.fixes import compiles, fix_text
from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch

SETTINGS = Settings(targets=("script",), targets_explicit=True)


def _fix(code: str, *, unsafe: bool = False) -> str:
    outcome = fix_text("example.py", code, SETTINGS, unsafe=unsafe)
    assert compiles(outcome.text, "example.py") is None
    again = fix_text("example.py", outcome.text, SETTINGS, unsafe=unsafe)
    assert again.text == outcome.text, f"second fix changed:\n{outcome.text}\n---\n{again.text}"
    return outcome.text


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
    fixed = _fix(source, unsafe=unsafe)
    expected = source
    for old, new in edits:
        assert old in expected
        expected = expected.replace(old, new)
    assert fixed == expected
    if unsafe:
        assert _fix(source) == source  # not a safe fix


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
    from .oracle import assert_eager_unchanged, check

    assert not check(source, "script").ok, "nothing to repair"
    fixed = _fix(source, unsafe=unsafe)
    assert_eager_unchanged(source, fixed)
    verdict = check(fixed, "script")
    assert verdict.ok, f"still fails on {verdict}:\n{fixed}"
    for backend in ("compile", "export", "trace"):
        if check(source, backend).ok:
            assert check(fixed, backend).ok, f"the fix breaks {backend}:\n{fixed}"
