# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn


class FourierFeatures(nn.Module):
    def __init__(self, in_dim: int = 2, n_freq: int = 4):
        super().__init__()
        self.register_buffer("B", torch.randn(in_dim, n_freq))

    def forward(self, coords):
        proj = 2 * np.pi * coords @ self.B
        return torch.cat([proj.sin(), proj.cos()], dim=-1)


Model = FourierFeatures


def inputs():
    torch.manual_seed(1917)
    return [(torch.rand(5, 2),), (torch.rand(2, 3, 2),)]
