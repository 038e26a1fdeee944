# ruff: noqa  (a probe is written as users write models)
from typing import List, Union

import torch
import torch.nn as nn
from torch import Tensor


class Neck(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.reduce = nn.Linear(dim, dim)

    def forward(self, feats: Union[Tensor, List[Tensor]]) -> Tensor:
        if isinstance(feats, (list, tuple)):
            x = torch.stack(feats).mean(0)
        else:
            x = feats
        return self.reduce(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.neck = Neck()

    def forward(self, a, b):
        return self.neck([a, b]) + self.neck(a)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4), torch.randn(2, 4)), (torch.randn(3, 4), torch.randn(3, 4))]
