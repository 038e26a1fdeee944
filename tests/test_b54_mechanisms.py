"""Mechanisms from the blind b54 batch, in other spellings than the probes.

``F.gaussian_nll_loss`` in scripted code: TorchScript compiles it from torch's source, whose
comprehension ``if`` it rejects (TL209 reads the installed torch's source, so these cases need
torch installed); the same call with a tensor variance in compiled code checks the variance's
data in Python (TL338, its rule examples run through torch).
"""

from __future__ import annotations

import pytest

from .conftest import requires_torch
from .test_script_misses import _flagged

GAUSSIAN_NLL = """\
import torch
from torch import nn
from torch.nn import functional as nnf


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 2)

    def forward(self, x, y):
        mean, log_var = self.head(x).chunk(2, dim=-1)
        return LOSS


def inputs():
    return [(torch.randn(3, 4), torch.randn(3, 1)), (torch.randn(5, 4), torch.randn(5, 1))]
"""
CASES = [
    (GAUSSIAN_NLL.replace("LOSS", "nnf.gaussian_nll_loss(mean, y, log_var.exp())"), True),
    # The loss written out scripts.
    (
        GAUSSIAN_NLL.replace(
            "LOSS",
            "0.5 * (log_var.exp().clamp(min=1e-6).log()"
            " + (mean - y) ** 2 / log_var.exp().clamp(min=1e-6))",
        ),
        False,
    ),
]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("source", "flagged"), CASES)
def test_gaussian_nll_loss_in_scripted_code(source: str, flagged: bool) -> None:
    from .oracle import check

    assert _flagged("TL209", source) == flagged, source
    assert check(source, "script").ok != flagged, source


PADDED_FILTER = """\
import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.taps = nn.Parameter(torch.randn(15))

    def forward(self, wav):
        return F.conv1d(wav, self.taps.view(1, 1, -1), padding=PADDING)


def inputs():
    return [(torch.randn(2, 1, 64),), (torch.randn(1, 1, 100),)]
"""


@pytest.mark.parametrize(
    ("padding", "flagged"),
    [
        # A parameter's element count: the same on every call, a plain int while tracing.
        ("self.taps.numel() // 2", False),
        # The input's: the trace keeps the example's number.
        ("wav.numel() // 200", True),
    ],
)
def test_numel_of_a_parameter_is_no_traced_size(padding: str, flagged: bool) -> None:
    source = PADDED_FILTER.replace("PADDING", padding)
    assert _flagged("TL106", source) == flagged, source
