# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class SafeHalfLogits(nn.Module):
    """Clamps logits into the float16 range kept from construction, so a later half cast cannot overflow."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.head = nn.Linear(dim, 4)
        self.fp16 = torch.finfo(torch.float16)

    def forward(self, x: Tensor) -> Tensor:
        logits = self.head(x) * 1e4
        return logits.clamp(min=self.fp16.min, max=self.fp16.max)


Model = SafeHalfLogits


def inputs():
    torch.manual_seed(4208)
    return [(torch.randn(2, 8),), (torch.randn(3, 2, 8),)]
