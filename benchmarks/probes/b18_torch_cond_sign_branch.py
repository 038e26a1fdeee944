import torch
from torch import nn


class SignAwareScale(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.pos = nn.Linear(dim, dim)
        self.neg = nn.Linear(dim, dim)

    def forward(self, x):
        return torch.cond(x.sum() > 0, self.pos, self.neg, (x,))  # breaks: trace


def inputs():
    torch.manual_seed(27)
    return [(torch.randn(3, 8) + 1,), (torch.randn(3, 8) - 1,), (torch.randn(5, 8) - 1,)]


Model = SignAwareScale
