# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Blocks(nn.Module):
    def __init__(self, depth: int = 3):
        super().__init__()
        self.blocks = nn.ModuleDict({"block_{:02d}".format(i): nn.Linear(4, 4) for i in range(depth)})

    def forward(self, x: torch.Tensor, upto: int) -> torch.Tensor:
        for name, blk in self.blocks.items():
            if name > "block_{:02d}".format(upto):
                break
            x = torch.relu(blk(x))
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = Blocks()

    def forward(self, x, upto: int):
        return self.net(x, upto)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4), 1), (torch.randn(3, 4), 2)]
