# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])

    def chunks(self, x: torch.Tensor, size: int):
        for start in range(0, x.shape[0], size):
            yield x[start : start + size]

    def forward(self, x):
        outs = []
        for chunk in self.chunks(x, 2):
            for blk in self.blocks:
                chunk = blk(chunk).relu()
            outs.append(chunk)
        return torch.cat(outs, 0)


def inputs():
    return [(torch.randn(3, 4),), (torch.randn(4, 4),)]
