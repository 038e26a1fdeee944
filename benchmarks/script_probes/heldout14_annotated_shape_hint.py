# ruff: noqa  (a probe is written as users write models)
from typing import Annotated

import torch
import torch.nn as nn
from torch import Tensor


class PatchEmbed(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Conv2d(3, 8, 2, stride=2)

    def forward(self, x: Annotated[Tensor, "B C H W"]) -> Annotated[Tensor, "B N D"]:
        return self.proj(x).flatten(2).transpose(1, 2)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = PatchEmbed()
        self.head = nn.Linear(8, 2)

    def forward(self, x):
        return self.head(self.embed(x).mean(1))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 4, 6),)]
