"""Session 24, the lead's changes: fresh15's TL311 false findings on torchmetrics' metrics, in
other spellings (a state registry in a base class of another file, reset by a graph method)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from .conftest import requires_torch
from .lint_helpers import project_findings

# A base class that registers named states (`self._initial[name] = ...` and `setattr`) and a
# `forward` that saves them, resets every registered state from its stored default, computes
# the batch's value and merges the saved states back: each call's output is this call's alone.
BASE = """
import torch
from torch import nn


class StatefulMetric(nn.Module):
    def __init__(self):
        super().__init__()
        self._initial = {}

    def register_state(self, name, init):
        setattr(self, name, init.clone())
        self._initial[name] = init.clone()

    def clear_states(self):
        for key in self._initial:
            setattr(self, key, self._initial[key].clone())

    def forward(self, x):
        saved = {key: getattr(self, key) for key in self._initial}
        {reset}
        self.accumulate(x)
        out = self.value()
        for key, old in saved.items():
            setattr(self, key, old + getattr(self, key))
        return out
"""
RESETS = "self.clear_states()"
NO_RESET = "pass"

METRIC = """
import torch

from base import StatefulMetric


class MeanMetric(StatefulMetric):
    def __init__(self):
        super().__init__()
        self.register_state("total", torch.tensor(0.0))
        self.register_state("count", torch.tensor(0))

    def accumulate(self, x):
        self.total += x.sum()
        self.count += x.numel()

    def value(self):
        return self.total / self.count
"""

# A "reset" that decays what the states hold (not their stored defaults) resets nothing.
DECAYING_BASE = BASE.replace(
    "setattr(self, key, self._initial[key].clone())", "setattr(self, key, getattr(self, key) * 0.5)"
)


def _project(base: str, reset: str) -> dict[str, str]:
    return {"base.py": base.replace("{reset}", reset), "metric.py": METRIC}


@pytest.mark.parametrize(
    ("base", "reset", "flagged"),
    [(BASE, RESETS, False), (BASE, NO_RESET, True), (DECAYING_BASE, RESETS, True)],
    ids=["reset-from-registry", "never-reset", "decayed-not-reset"],
)
def test_registered_state_reset_by_a_graph_method(
    tmp_path: Path, base: str, reset: str, flagged: bool
) -> None:
    found = project_findings(tmp_path, _project(base, reset), "TL311", "export")
    assert bool([f for f in found if f[0] == "metric.py"]) is flagged, found


@requires_torch
@pytest.mark.parametrize(
    ("base", "reset", "agrees"),
    [(BASE, RESETS, True), (BASE, NO_RESET, False), (DECAYING_BASE, RESETS, False)],
    ids=["reset-from-registry", "never-reset", "decayed-not-reset"],
)
def test_exported_metric_against_eager(tmp_path: Path, base: str, reset: str, agrees: bool) -> None:
    import torch

    for name, text in _project(base, reset).items():
        (tmp_path / name).write_text(text.lstrip("\n"))
    sys.path.insert(0, str(tmp_path))
    try:
        for name in ("base", "metric"):
            sys.modules.pop(name, None)
        from metric import MeanMetric  # type: ignore[import-not-found]

        batches = [torch.randn(4, 3), torch.randn(4, 3) + 2.0, torch.randn(4, 3) - 1.0]
        exported = torch.export.export(MeanMetric(), (batches[0],)).module()
        eager = MeanMetric()
        same = all(torch.allclose(exported(b), eager(b)) for b in batches)
    finally:
        sys.path.remove(str(tmp_path))
        for name in ("base", "metric"):
            sys.modules.pop(name, None)
    assert same is agrees
