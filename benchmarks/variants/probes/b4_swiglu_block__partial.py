import functools
import torch
import torch.nn.functional as F
from torch import nn


class SwiGLU(nn.Module):
    def __init__(self, dim: int = 8, hidden: int = 16):
        super().__init__()
        self.w12 = nn.Linear(dim, 2 * hidden)
        self.w3 = nn.Linear(hidden, dim)

    def forward(self, x):
        a, b = self.w12(x).chunk(2, dim=-1)
        return self.w3(F.silu(a) * b)


def model_forward(self, x):
    for norm, block in zip(self.norms, self.blocks):
        x = x + block(norm(x))
    return x


class Model(nn.Module):
    def __init__(self, depth: int = 2):
        super().__init__()
        self.blocks = nn.ModuleList([SwiGLU() for _ in range(depth)])
        self.norms = nn.ModuleList([nn.RMSNorm(8) for _ in range(depth)])

    def forward(self, x):
        run = functools.partial(model_forward, self)
        return run(x)


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(4, 5, 8),)]
