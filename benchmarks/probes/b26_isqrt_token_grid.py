import math

import torch
from torch import nn


class TokenGridConv(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.dw = nn.Conv2d(dim, dim, 3, padding=1, groups=dim)

    def forward(self, tokens):
        b, n, c = tokens.shape
        side = math.isqrt(n)  # breaks: compile,trace
        grid = tokens.transpose(1, 2).reshape(b, c, side, side)
        return tokens + self.dw(grid).flatten(2).transpose(1, 2)


Model = TokenGridConv


def inputs():
    torch.manual_seed(40)
    return [(torch.randn(2, 16, 8),), (torch.randn(1, 36, 8),)]
