import torch
from torch import nn


class ScaleToUnitMax(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        peak = x.abs().max().item()
        ctx.peak = peak
        return x / peak

    @staticmethod
    def backward(ctx, grad):
        return grad / ctx.peak


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return ScaleToUnitMax.apply(self.fc(x))  # breaks: compile


def inputs():
    torch.manual_seed(21)
    return [(torch.randn(2, 8),), (torch.randn(4, 8) * 10,)]
