"""The accuracy scorer's matching rules (benchmarks/accuracy/README.md), on a synthetic corpus."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "benchmarks" / "accuracy"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"accuracy_{name}", ROOT / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


score = _load("score")
ground_truth = _load("ground_truth")

SOURCE = """\
def forward(x, n):
    y = torch.cat(
        [x, x],
        dim=0,
    )
    if x.shape[0] > 1:
        y = y + 1
    z = y.item()
    return y
"""


def test_lines_map_to_their_statement():
    starts = score.statement_starts(SOURCE)
    assert starts[3] == starts[4] == 2  # continuation lines of the call
    assert starts[6] == 6  # an if header is its own statement
    assert starts[7] == 7  # its body is not part of the header


def test_ranges_round_trip():
    lines = {1, 2, 3, 7, 9, 10}
    assert ground_truth.to_ranges(lines) == [[1, 3], [7, 7], [9, 10]]
    assert ground_truth.from_ranges(ground_truth.to_ranges(lines)) == lines


def _finding(backend: str, line: int, reason: str = "r") -> dict:
    return {"model": "m", "backend": backend, "file": "mod.py", "line": line, "reason": reason}


def _diag(line: int, targets: list[str], code: str = "TL106") -> dict:
    return {"path": "mod.py", "line": line, "code": code, "name": "n", "targets": targets}


def test_matching_rules(tmp_path: Path):
    (tmp_path / "mod.py").write_text(SOURCE)
    truth = {
        "models": [
            {
                "model": "m",
                "complete": {"trace": True, "compile": True, "export": False},
                "unlocated": [],
            },
        ],
        "findings": [
            _finding("trace", 4),  # continuation line: matched by a finding at line 2
            _finding("trace", 6),  # no finding: a miss
            _finding("trace", 8, "TracerWarning"),
        ],
    }
    truth["findings"][2]["via"] = "torch/nn/functional.py:1"  # raised inside torch: apart
    coverage = {"models": {"m": {"mod.py": [[1, 8]]}}}
    diagnostics = [
        _diag(2, ["trace"]),
        _diag(7, ["trace", "export"]),  # ran, trace checked it: false alarm; export stopped
        _diag(9, ["trace"]),  # never ran: not reached
        _diag(6, ["compile"]),  # names another back-end: not a trace hit
    ]
    result = score.score(truth, coverage, diagnostics, root=tmp_path)
    trace = result["trace"]
    assert set(trace.tp) == {("mod.py", 2)}
    assert set(trace.fn) == {("mod.py", 6)}
    assert set(trace.fp) == {("mod.py", 7)}
    assert set(trace.not_reached) == {("mod.py", 9)}
    assert trace.torch_internal == 1
    assert (trace.precision, trace.recall) == (0.5, 0.5)
    assert set(result["export"].unverified) == {("mod.py", 7)}
    assert set(result["compile"].fp) == {("mod.py", 6)}


def test_a_fullgraph_failure_leaves_other_compile_lines_unchecked(tmp_path: Path):
    (tmp_path / "mod.py").write_text(SOURCE)
    truth = {
        "models": [{"model": "m", "complete": {"compile": True}, "unlocated": []}],
        "findings": [_finding("compile", 8)],
    }
    coverage = {"models": {"m": {"mod.py": [[1, 8]]}}}
    diagnostics = [_diag(6, ["compile"]), _diag(8, ["compile"])]
    explain_only = score.score(truth, coverage, diagnostics, root=tmp_path)["compile"]
    assert set(explain_only.fp) == {("mod.py", 6)}
    truth["findings"][0]["source"] = "fullgraph"
    fullgraph = score.score(truth, coverage, diagnostics, root=tmp_path)["compile"]
    assert set(fullgraph.tp) == {("mod.py", 8)}
    assert not fullgraph.fp
    assert set(fullgraph.unverified) == {("mod.py", 6)}
