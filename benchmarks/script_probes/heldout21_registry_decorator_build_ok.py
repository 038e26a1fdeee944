# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn, Tensor

_BLOCKS = {}


def register_block(name):
    def deco(cls):
        _BLOCKS[name] = cls
        return cls
    return deco


@register_block("plain")
class PlainBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: Tensor) -> Tensor:
        return torch.relu(self.fc(x))


@register_block("res")
class ResBlock(PlainBlock):
    def forward(self, x: Tensor) -> Tensor:
        return x + torch.relu(self.fc(x))


class Net(nn.Module):
    def __init__(self, kinds=("plain", "res", "res"), dim: int = 8):
        super().__init__()
        self.blocks = nn.ModuleList([_BLOCKS[k](dim) for k in kinds])

    def forward(self, x: Tensor) -> Tensor:
        for blk in self.blocks:
            x = blk(x)
        return x


Model = Net


def inputs():
    torch.manual_seed(2117)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
