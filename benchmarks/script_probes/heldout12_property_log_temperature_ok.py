# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import math

import torch
import torch.nn as nn


class ContrastiveHead(nn.Module):
    def __init__(self, dim: int = 8, init_t: float = 0.07):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.log_inv_t = nn.Parameter(torch.tensor(math.log(1.0 / init_t)))

    @property
    def scale(self) -> torch.Tensor:
        return self.log_inv_t.exp().clamp(max=100.0)

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        za = nn.functional.normalize(self.proj(a), dim=-1)
        zb = nn.functional.normalize(self.proj(b), dim=-1)
        return self.scale * za @ zb.t()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = ContrastiveHead()

    def forward(self, a, b):
        return self.head(a, b)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(3, 8), torch.randn(3, 8)), (torch.randn(5, 8), torch.randn(4, 8))]
