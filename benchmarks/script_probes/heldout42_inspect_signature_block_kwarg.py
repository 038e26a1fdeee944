# ruff: noqa  (a probe is written as users write models)
import inspect
from typing import Optional
import torch
import torch.nn as nn
from torch import Tensor


class MaskAwareBlock(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: Tensor, mask: Optional[Tensor] = None) -> Tensor:
        y = self.fc(x)
        if mask is not None:
            y = y * mask.unsqueeze(-1)
        return y


class Wrapper(nn.Module):
    """Passes the mask on only if the wrapped block's forward declares a mask parameter."""

    def __init__(self):
        super().__init__()
        self.block = MaskAwareBlock()

    def forward(self, x: Tensor, mask: Tensor) -> Tensor:
        if "mask" in inspect.signature(self.block.forward).parameters:
            return self.block(x, mask=mask)
        return self.block(x)


Model = Wrapper


def inputs():
    torch.manual_seed(4222)
    return [
        (torch.randn(2, 5, 8), torch.ones(2, 5)),
        (torch.randn(1, 3, 8), torch.rand(1, 3)),
    ]
