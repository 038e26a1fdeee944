"""The probe scorer's ``trace-warn`` label (issue 21's trace measure): a probe fails it when the
trace diverges or torch raises a TracerWarning at one of its lines, not inside torch.nn's own
code. The label comes from torch (tests marked torch)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from .conftest import requires_torch

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"

CHECKED = """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention(8, 2, batch_first=True)

    def forward(self, x, mask):
        assert (x > -100).all()
        return self.attn(x, x, x, key_padding_mask=mask)[0]


def inputs():
    torch.manual_seed(0)
    mask = torch.zeros(2, 3, dtype=torch.bool)
    return [(torch.randn(2, 3, 8), mask), (torch.randn(2, 5, 8), torch.zeros(2, 5, dtype=torch.bool))]
"""


@requires_torch
def test_trace_warnings_name_the_example_line_and_where_torch_raised_them():
    from tests.oracle import trace_warnings

    warned = trace_warnings(CHECKED)
    assert (11, "Converting a tensor to a Python boolean") in {(w[0], w[1][:39]) for w in warned}
    mine = [w for w in warned if w[0] == 11 and "torch/nn" not in w[2].replace("\\", "/")]
    assert mine and all(w[2].endswith(".py") for w in mine)


@requires_torch
def test_without_the_assert_only_torch_nn_code_warns():
    """MultiheadAttention's own mask checks warn inside torch.nn: the scorer leaves those out."""
    from tests.oracle import trace_warnings

    warned = trace_warnings(CHECKED.replace("        assert (x > -100).all()\n", ""))
    assert warned and all("torch/nn/" in w[2].replace("\\", "/") for w in warned)


@requires_torch
@pytest.mark.slow
def test_stored_trace_warn_verdicts_are_torchs():
    """A sample of probes torch's trace runs without divergence: the stored label is torch's."""
    sys.path.insert(0, str(BENCHMARKS))
    import probe_score

    verdicts = json.loads(probe_score.VERDICTS.read_text())
    quiet = [s for s, e in sorted(verdicts.items()) if e.get("trace", {}).get("ok")]
    warned = [s for s in quiet if not verdicts[s]["trace-warn"]["ok"]][:4]
    clean = [s for s in quiet if verdicts[s]["trace-warn"]["ok"]][:4]
    assert warned and clean
    entry = {}
    for stem in warned + clean:
        path = probe_score.PROBES / f"{stem}.py"
        entry[stem] = probe_score.trace_warn_verdict(path.read_text())
    assert [entry[s].ok for s in warned + clean] == [False] * len(warned) + [True] * len(clean)
