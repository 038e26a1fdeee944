# ruff: noqa  (a probe is written as users write models)
from typing import List, Union

import torch
import torch.nn as nn
from torch import Tensor


def maybe_split(x: Tensor, groups: int) -> Union[Tensor, List[Tensor]]:
    if groups == 1:
        return x
    return list(x.chunk(groups, dim=1))


class GroupedProj(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.groups = 1
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        y = maybe_split(x, self.groups)
        if isinstance(y, Tensor):
            return self.fc(y)
        return self.fc(torch.cat(y, dim=1))


Model = GroupedProj


def inputs():
    torch.manual_seed(2516)
    return [(torch.randn(2, 4),), (torch.randn(3, 5, 4),)]
