# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import enum
import torch
from torch import nn


class Branch(enum.Enum):
    MEAN = 0
    MAX = 1
    SUM = 2


class MultiPool(nn.Module):
    def __init__(self, dim: int = 6):
        super().__init__()
        self.proj = nn.Linear(dim * len(Branch), dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        outs = []
        for b in Branch:
            if b == Branch.MEAN:
                outs.append(x.mean(1))
            elif b == Branch.MAX:
                outs.append(x.amax(1))
            else:
                outs.append(x.sum(1))
        return self.proj(torch.cat(outs, dim=-1))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = MultiPool()

    def forward(self, x):
        return self.pool(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4, 6),), (torch.randn(1, 7, 6),)]
