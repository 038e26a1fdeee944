# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class Standardize(nn.Module):
    def __init__(self, dim: int = 6):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    @torch.jit.ignore
    def stats(self, x):
        return x.mean(-1, keepdim=True), x.std(-1, keepdim=True)

    def forward(self, x: Tensor) -> Tensor:
        mu, sigma = self.stats(x)
        return self.fc((x - mu) / (sigma + 1e-5))


Model = Standardize


def inputs():
    torch.manual_seed(2114)
    return [(torch.randn(2, 6),), (torch.randn(4, 3, 6),)]
