# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class SequenceOrImagePool(nn.Module):
    """Pools a (B, C, L) sequence or a (B, C, H, W) map; other ranks are rejected."""

    def __init__(self, channels: int = 6, num_classes: int = 3):
        super().__init__()
        self.fc = nn.Linear(channels, num_classes)

    def _check(self, x: Tensor) -> None:
        if x.dim() not in {3, 4}:
            raise ValueError("expected a 3-D or 4-D input")

    def forward(self, x: Tensor) -> Tensor:
        self._check(x)
        return self.fc(x.flatten(2).mean(-1))


Model = SequenceOrImagePool


def inputs():
    torch.manual_seed(3508)
    return [(torch.randn(2, 6, 10),), (torch.randn(1, 6, 3, 4),), (torch.randn(2, 6),)]
