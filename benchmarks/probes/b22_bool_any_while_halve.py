import torch
import torch.nn as nn


class BoundedResidual(nn.Module):
    def __init__(self, dim=8, limit=1.5):
        super().__init__()
        self.limit = limit
        self.block = nn.Sequential(nn.Linear(dim, dim), nn.Tanh(), nn.Linear(dim, dim))

    def forward(self, x):
        delta = self.block(x) * 4.0
        while bool((delta.abs() > self.limit).any()):  # breaks: compile,export,trace
            delta = delta * 0.5
        return x + delta


Model = BoundedResidual


def inputs():
    torch.manual_seed(5)
    return [
        (torch.randn(3, 8),),
        (torch.randn(3, 8) * 0.01,),
        (torch.randn(6, 8) * 4.0,),
    ]
