# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class Stage(nn.Module):
    def __init__(self, dim: int = 8, depth: int = 2):
        super().__init__()
        self.blocks = [nn.Linear(dim, dim) for _ in range(depth)]
        for i, blk in enumerate(self.blocks):
            self.add_module(f"block{i}", blk)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for blk in self.blocks:
            x = x + torch.relu(blk(x))
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stage = Stage()

    def forward(self, x):
        return self.stage(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
