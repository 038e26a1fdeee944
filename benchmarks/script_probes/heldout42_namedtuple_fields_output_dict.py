# ruff: noqa  (a probe is written as users write models)
from collections import namedtuple
from typing import Dict
import torch
import torch.nn as nn
from torch import Tensor


DetOut = namedtuple("DetOut", ["boxes", "scores", "labels"])


class DetHead(nn.Module):
    """Detection head that builds its output dict from the output namedtuple's field names."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.box = nn.Linear(dim, 4)
        self.score = nn.Linear(dim, 1)
        self.cls = nn.Linear(dim, 3)

    def forward(self, x: Tensor) -> Dict[str, Tensor]:
        values = [self.box(x), self.score(x).sigmoid(), self.cls(x).argmax(-1).float()]
        return {name: v for name, v in zip(DetOut._fields, values)}


Model = DetHead


def inputs():
    torch.manual_seed(4216)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
