# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TensorDotProj(nn.Module):
    def __init__(self, dim: int = 6, out: int = 4):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(dim, out) * 0.1)

    def forward(self, x):
        # contract the last dim of x with the first dim of the weight
        return torch.tensordot(x, self.weight, dims=1)


Model = TensorDotProj


def inputs():
    torch.manual_seed(2501)
    return [(torch.randn(2, 3, 6),), (torch.randn(4, 6),)]
