"""Calls compiled code skips under ``if not torch.compiler.is_compiling():``: TL318's
``fmap.retain_grad()`` and TL101's ``torch.testing.assert_close`` in forward. The rewrite, what is
left alone, and torch's word that torch.compile(fullgraph=True) (and export, for the check)
passes afterwards with eager's outputs unchanged."""

from __future__ import annotations

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.fixes import compiles, fix_text
from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch

SETTINGS = Settings(select=("TL318",))

SOURCE = normalized(
    """
    import torch
    from torch import nn


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.features = nn.Conv2d(3, 6, 3, padding=1)
            self.head = nn.Linear(6, 4)

        def forward(self, x):
            fmap = self.features(x)
            # kept for the saliency map
            fmap.retain_grad()
            return self.head(fmap.mean(dim=(2, 3)))


    def inputs():
        torch.manual_seed(0)
        return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 6, 10),)]
    """
)
GUARDED = SOURCE.replace(
    "        # kept for the saliency map\n        fmap.retain_grad()\n",
    "        # kept for the saliency map\n"
    "        if not torch.compiler.is_compiling():\n"
    "            fmap.retain_grad()\n",
)


def test_retain_grad_is_guarded_only_as_an_unsafe_fix() -> None:
    outcome = fix_text("example.py", SOURCE, SETTINGS, unsafe=True)
    assert outcome.text == GUARDED
    assert compiles(outcome.text, "example.py") is None
    assert fix_text("example.py", GUARDED, SETTINGS, unsafe=True).text == GUARDED
    assert fix_text("example.py", SOURCE, SETTINGS, unsafe=False).text == SOURCE
    assert not lint_text("example.py", GUARDED, SETTINGS).diagnostics


def test_a_call_sharing_its_line_keeps_the_finding_without_a_fix() -> None:
    source = SOURCE.replace("        fmap.retain_grad()\n", "        fmap.retain_grad(); y = 1\n")
    found = lint_text("example.py", source, SETTINGS).diagnostics
    assert [d.line for d in found] == [14]
    assert all(d.fix is None for d in found)


CHECK = (
    "        torch.testing.assert_close(fmap.mean(), fmap.mean().clone(), atol=1e-4, rtol=0.0)\n"
)
CHECKED = SOURCE.replace("        fmap.retain_grad()\n", CHECK)
CHECKED_GUARDED = CHECKED.replace(
    CHECK, "        if not torch.compiler.is_compiling():\n    " + CHECK
)


def test_a_testing_assertion_is_guarded_only_as_an_unsafe_fix() -> None:
    settings = Settings(select=("TL101",))
    assert fix_text("example.py", CHECKED, settings, unsafe=True).text == CHECKED_GUARDED
    assert fix_text("example.py", CHECKED, settings, unsafe=False).text == CHECKED
    assert not lint_text("example.py", CHECKED_GUARDED, settings).diagnostics


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(
    ("source", "guarded", "repaired"),
    [(SOURCE, GUARDED, ("fullgraph",)), (CHECKED, CHECKED_GUARDED, ("fullgraph", "export"))],
)
def test_torch_compiles_the_guarded_forward_with_eager_unchanged(
    source: str, guarded: str, repaired: tuple[str, ...]
) -> None:
    from .oracle import assert_eager_unchanged, check

    for backend in repaired:
        assert not check(source, backend).ok
        assert check(guarded, backend).ok
    assert_eager_unchanged(source, guarded)
    for backend in ("script", "trace", "export"):
        if check(source, backend).ok:
            assert check(guarded, backend).ok, f"the guard breaks {backend}"
