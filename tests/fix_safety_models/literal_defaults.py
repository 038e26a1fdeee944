"""Unannotated number and string defaults, which TorchScript rejects (it assumes Tensor)."""

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x, temperature=2.0, mode="mean"):
        x = self.proj(x) / temperature
        if mode == "mean":
            return x.mean(dim=-1)
        return x.sum(dim=-1)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
