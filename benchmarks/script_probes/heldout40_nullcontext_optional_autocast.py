# ruff: noqa  (a probe is written as users write models)
import contextlib

import torch
import torch.nn as nn
from torch import Tensor


class MixedPrecisionHead(nn.Module):
    """Classifier head that runs under autocast only when mixed precision is enabled."""

    def __init__(self, dim: int = 8, classes: int = 4, use_amp: bool = False):
        super().__init__()
        self.fc = nn.Linear(dim, classes)
        self.use_amp = use_amp

    def forward(self, x: Tensor) -> Tensor:
        ctx = (
            torch.autocast("cpu", dtype=torch.bfloat16)
            if self.use_amp
            else contextlib.nullcontext()
        )
        with ctx:
            logits = self.fc(x)
        return logits.float()


Model = MixedPrecisionHead


def inputs():
    torch.manual_seed(4005)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
