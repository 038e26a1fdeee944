# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, dim=8, classes=5, scale=16.0):
        super().__init__()
        self.scale = scale
        self.embed = nn.Linear(dim, dim)
        self.weight = nn.Parameter(torch.randn(classes, dim))

    def forward(self, x):
        z = self.embed(x)
        z = z / z.norm(dim=-1, keepdim=True).clamp_min(1e-6)
        w = self.weight / self.weight.norm(dim=1, keepdim=True)
        return self.scale * z @ w.t()


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(6, 8),)]
