import torch
from torch import nn


def soft_bucket(v: float) -> float:
    if v < -1.0:
        return -1.0
    if v > 1.0:
        return 1.0
    return v * 0.5


class BucketFeatures(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.out = nn.Linear(dim, 2)

    def forward(self, x):
        h = self.proj(x).detach().clone()
        h.apply_(soft_bucket)  # breaks: compile,export,trace
        return self.out(h)


Model = BucketFeatures


def inputs():
    torch.manual_seed(3)
    return [(torch.randn(4, 6),), (torch.randn(4, 6) * 3,)]
