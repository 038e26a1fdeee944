# ruff: noqa  (a probe is written as users write models)
import contextlib

import torch
import torch.nn as nn
from torch import Tensor


class MixedPrecisionHead(nn.Module):
    """Head that may enter an autocast region, composed with an ExitStack."""

    def __init__(self, dim: int = 6, use_amp: bool = False):
        super().__init__()
        self.use_amp = use_amp
        self.fc1 = nn.Linear(dim, 16)
        self.fc2 = nn.Linear(16, 3)

    def forward(self, x: Tensor) -> Tensor:
        with contextlib.ExitStack() as stack:
            if self.use_amp:
                stack.enter_context(torch.autocast("cpu", dtype=torch.bfloat16))
            h = torch.relu(self.fc1(x))
            out = self.fc2(h)
        return out.float()


Model = MixedPrecisionHead


def inputs():
    torch.manual_seed(3029)
    return [(torch.randn(2, 6),), (torch.randn(3, 4, 6),)]
