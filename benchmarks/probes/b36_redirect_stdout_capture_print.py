# ruff: noqa  (a probe is written as users write models)
import contextlib
import io

import torch
from torch import nn


class QuietDebugBlock(nn.Module):
    """Debug prints are captured into a buffer instead of the console."""

    def __init__(self, dim=8):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.log = io.StringIO()

    def forward(self, x):
        h = self.lin(x)
        with contextlib.redirect_stdout(self.log):
            print("block out", tuple(h.shape))
        return torch.tanh(h)


Model = QuietDebugBlock


def inputs():
    torch.manual_seed(3612)
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
