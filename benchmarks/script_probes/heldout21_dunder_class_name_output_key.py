# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn, Tensor
from typing import Dict


class HeadBase(nn.Module):
    def __init__(self, dim: int = 8, out: int = 2):
        super().__init__()
        self.fc = nn.Linear(dim, out)

    def forward(self, x: Tensor) -> Dict[str, Tensor]:
        key = self.__class__.__name__.lower()
        return {key: self.fc(x)}


class ClsHead(HeadBase):
    pass


Model = ClsHead


def inputs():
    torch.manual_seed(2136)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
