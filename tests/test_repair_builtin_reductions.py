"""Python's sum() / max() / min() over a tensor's elements -> the tensor's own reduction
(TL105 / TL101): before/after text, what is left alone, and torch's word that the fixed code
passes the back-ends with eager outputs unchanged."""

from __future__ import annotations

import textwrap

import pytest

from torchlint.lint.fixes import compiles, fix_text
from torchlint.lint.settings import Settings

from .conftest import requires_torch

CODES = ("TL101", "TL105")


def _model(body: str) -> str:
    return (
        "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
        "    def forward(self, x):\n"
        + textwrap.indent(textwrap.dedent(body), " " * 8)
        + "\n\ndef inputs():\n"
        "    return [(torch.rand(2, 4) + 1,), (torch.rand(5, 4) * 3 + 1,)]\n"
    )


def _fix(code: str, unsafe: bool = True) -> str:
    outcome = fix_text("example.py", code, Settings(select=CODES), unsafe=unsafe)
    assert compiles(outcome.text, "example.py") is None
    again = fix_text("example.py", outcome.text, Settings(select=CODES), unsafe=unsafe)
    assert again.text == outcome.text
    return outcome.text


SUM_ROWS = _model("pooled = sum(x) / x.shape[0]\nreturn pooled.tanh()\n")
MAX_FLAT = _model("peak = max(x.flatten())\nreturn x / peak\n")


def test_builtin_reductions_become_tensor_reductions_unsafe_only():
    assert _fix(SUM_ROWS) == SUM_ROWS.replace("sum(x)", "x.sum(0)")
    assert _fix(MAX_FLAT) == MAX_FLAT.replace("max(x.flatten())", "x.flatten().max()")
    assert _fix(SUM_ROWS, unsafe=False) == SUM_ROWS


def test_reductions_not_surely_one_dimensional_or_with_extra_arguments_are_left_alone():
    rows = _model("peak = max(x.sum(-1))\nreturn x / peak\n")
    start = _model("pooled = sum(x, torch.zeros(4))\nreturn pooled\n")
    assert _fix(rows) == rows
    assert _fix(start) == start


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(
    ("source", "backends"),
    [
        pytest.param(SUM_ROWS, ("trace",), id="sum-rows"),
        pytest.param(MAX_FLAT, ("export", "trace"), id="max-flat"),
    ],
)
def test_fixed_code_passes_with_eager_unchanged(source, backends):
    from .oracle import assert_eager_unchanged, check

    assert not any(check(source, backend).ok for backend in backends), "nothing to repair"
    fixed = _fix(source)
    assert_eager_unchanged(source, fixed)
    for backend in backends:
        verdict = check(fixed, backend)
        assert verdict.ok, f"still fails on {verdict}:\n{fixed}"
    for backend in ("compile", "export", "trace", "script"):
        if check(source, backend).ok:
            assert check(fixed, backend).ok, f"the fix breaks {backend}:\n{fixed}"
