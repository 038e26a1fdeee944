"""`mask=None` and `bias=None` without annotations: TorchScript types both as Tensor, which
scripts while every call passes them. `mask` is only used under a None test; `bias` is not."""

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x, mask=None, bias=None):
        x = self.proj(x)
        if mask is not None:
            x = x.masked_fill(mask, 0.0)
        return x + bias


def inputs():
    x = torch.randn(3, 8)
    return [(x, x > 0, torch.randn(8)), (x * 2, x < 0, torch.randn(8))]
