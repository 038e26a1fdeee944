# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TrackedNorm(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.register_buffer("num_batches_tracked", torch.zeros((), dtype=torch.long))

    def forward(self, x):
        self.num_batches_tracked += 1
        y = self.fc(x)
        return (y - y.mean(-1, keepdim=True)) / (y.std(-1, keepdim=True) + 1e-5)


Model = TrackedNorm


def inputs():
    torch.manual_seed(2518)
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
