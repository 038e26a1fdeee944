# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ParallelBranches(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.left = nn.Conv2d(dim, dim, 3, padding=1)
        self.right = nn.Conv2d(dim, dim, 1)

    def forward(self, x):
        fut = torch.jit.fork(self.left, x)
        r = torch.relu(self.right(x))
        l = torch.jit.wait(fut)
        return torch.cat([l, r], dim=1)


Model = ParallelBranches


def inputs():
    torch.manual_seed(2315)
    return [(torch.randn(1, 4, 6, 6),), (torch.randn(2, 4, 5, 7),)]
