# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn


class StatNorm(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        if torch.compiler.is_compiling():
            scale = x.abs().amax()
        else:
            scale = torch.tensor(np.abs(x.detach().numpy()).max())
        return self.proj(x / (scale + 1e-6))


Model = StatNorm


def inputs():
    torch.manual_seed(8)
    return [(torch.randn(2, 8),), (torch.randn(4, 8) * 3,)]
