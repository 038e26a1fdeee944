"""``rules/trace_int_tables.json``: which int arguments torch.jit.trace bakes, as torch says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from torchlint.lint import trace_int_tables

from .conftest import requires_torch

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
# Measured again against the installed torch: baked, refused and recorded arguments.
SAMPLE = (
    "torch.nn.functional.conv2d",
    "torch.roll",
    "Tensor.chunk",
    "torch.nn.functional.adaptive_avg_pool2d",
    "Tensor.narrow",
    "torch.arange",
)


def _verdicts(name: str) -> dict[str, dict[str, str]]:
    return {a.name: a.verdicts for a in trace_int_tables.baked_arguments(name)}


def test_baked_and_recorded_arguments():
    conv = _verdicts("torch.nn.functional.conv2d")
    assert conv["groups"]["int"] == "baked"
    assert conv["padding"] == {"int": "baked", "list": "baked"}
    assert _verdicts("torch.roll")["shifts"] == {"int": "baked", "list": "recorded"}
    assert _verdicts("Tensor.chunk")["chunks"]["int"] == "baked"
    assert _verdicts("torch.nn.functional.adaptive_avg_pool2d")["output_size"]["int"] == "refused"
    # recorded in every form: not in the table
    for name in ("Tensor.narrow", "Tensor.topk", "torch.arange", "torch.nn.functional.pad"):
        assert not trace_int_tables.baked_arguments(name), name


@requires_torch
def test_table_matches_the_installed_torch(monkeypatch):
    import torch

    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import trace_int_tables as generator

    version = ".".join(torch.__version__.split("+")[0].split(".")[:2])
    stored = json.loads(trace_int_tables.TABLES.read_text()).get(version)
    if stored is None:
        pytest.skip(f"no table for torch {version}: run benchmarks/trace_int_tables.py")
    measured = generator.measure(only=frozenset(SAMPLE))
    for name in SAMPLE:
        baked = {
            arg: {f: info[f] for f in trace_int_tables.FORMS if f in info}
            for arg, info in measured.get(name, {}).items()
            if any(info.get(f) in ("baked", "refused") for f in trace_int_tables.FORMS)
        }
        assert baked == _verdicts(name), name
