# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ResidualMixin:
    """Mixin (not a module) giving the residual wiring; subclasses say how the branch runs and
    may override the shortcut."""

    def shortcut(self, x: Tensor) -> Tensor:
        return x

    def residual(self, x: Tensor) -> Tensor:
        return self.shortcut(x) + self.branch(x)


class PlainBlock(ResidualMixin, nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def branch(self, x: Tensor) -> Tensor:
        return torch.relu(self.fc(x))

    def forward(self, x: Tensor) -> Tensor:
        return self.residual(x)


class ProjectedBlock(PlainBlock):
    def __init__(self, dim: int):
        super().__init__(dim)
        self.proj = nn.Linear(dim, dim, bias=False)

    def shortcut(self, x: Tensor) -> Tensor:
        return self.proj(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([PlainBlock(6), ProjectedBlock(6)])

    def forward(self, x: Tensor) -> Tensor:
        for blk in self.blocks:
            x = blk(x)
        return x


Model = Net


def inputs():
    torch.manual_seed(3322)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
