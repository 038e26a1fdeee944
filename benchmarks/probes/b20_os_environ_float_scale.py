import os
import torch
from torch import nn


class ScaledResidual(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        scale = float(os.environ.get("RESIDUAL_SCALE", "0.5"))
        return x + scale * self.fc(self.norm(x))


Model = ScaledResidual


def inputs():
    torch.manual_seed(15)
    return [(torch.randn(2, 3, 8),), (torch.randn(4, 6, 8) * 2,)]
