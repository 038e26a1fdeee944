import torch
from torch import nn


@torch.no_grad()
def unit_rows(w):
    return w / w.norm(dim=1, keepdim=True).clamp_min(1e-6)


class Model(nn.Module):
    def __init__(self, dim: int = 8, classes: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.proto = nn.Parameter(torch.randn(classes, dim))

    def forward(self, x):
        return self.fc(x) @ unit_rows(self.proto).t()


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
