import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x, **kwargs):
        scale = kwargs.get("scale", 1.0)
        bias = kwargs.get("bias")
        h = self.fc(x) * scale
        if bias is not None:
            h = h + bias
        return h


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block(), Block()])

    def forward(self, x, shift):
        extra = {"scale": 0.5, "bias": shift}
        for blk in self.blocks:
            x = blk(x, **extra)
        return x


def inputs():
    return [(torch.randn(2, 8), torch.randn(8)), (torch.randn(3, 8), torch.randn(8))]
