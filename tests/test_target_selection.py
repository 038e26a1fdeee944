"""`--target` answers "where does this back-end break?": findings that break none of the named
back-ends (performance, migration) come back only when selected by code."""

from __future__ import annotations

from .cli_helpers import codes, run_json, write

SCRIPT = """
import torch
from torch import nn

class Net(nn.Module):
    def forward(self, x):
        print(x.shape)
        return x.relu()

def evaluate(model, loader):
    model.eval()
    for x in loader:
        out = model(x)
    return out

scripted = torch.jit.script(Net())
"""


def test_target_drops_findings_that_break_no_backend(tmp_path):
    path = write(tmp_path, "model.py", SCRIPT)
    _, everything = run_json([str(path), "--no-cache", "--extend-select", "TL5"])
    assert {"TL301", "TL401", "TL501"} <= set(codes(everything))
    _, compile_only = run_json([str(path), "--no-cache", "--target", "compile"])
    assert codes(compile_only) == ["TL301"]
    _, with_perf = run_json(
        [str(path), "--no-cache", "--target", "compile", "--extend-select", "TL4"]
    )
    assert set(codes(with_perf)) == {"TL301", "TL401"}


def test_a_branch_on_an_item_value_breaks_compile_and_export_not_trace(tmp_path):
    path = write(
        tmp_path,
        "model.py",
        """
import torch
from torch import nn

class Net(nn.Module):
    def forward(self, x):
        longest = x.max().item()
        if longest > 3:
            return x * 2
        return x
""",
    )
    _, found = run_json([str(path), "--no-cache", "--select", "TL101"])
    flagged = [(d["line"], sorted(d["targets"])) for d in found["diagnostics"]]
    assert flagged == [(8, ["compile", "export"])]
    _, traced = run_json([str(path), "--no-cache", "--select", "TL101", "--target", "trace"])
    assert codes(traced) == []
