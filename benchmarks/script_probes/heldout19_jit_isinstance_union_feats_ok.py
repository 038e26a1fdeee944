# ruff: noqa  (a probe is written as users write models)
from typing import List, Union

import torch
import torch.nn as nn
from torch import Tensor


class Neck(nn.Module):
    def __init__(self, ch: int = 3):
        super().__init__()
        self.conv = nn.Conv2d(ch, ch, 1)

    def forward(self, feats: Union[Tensor, List[Tensor]]) -> Tensor:
        if torch.jit.isinstance(feats, List[Tensor]):
            x = feats[-1]
        else:
            x = feats
        return self.conv(x)


Model = Neck


def inputs():
    torch.manual_seed(1925)
    return [(torch.randn(1, 3, 4, 4),), ([torch.randn(2, 3, 6, 6), torch.randn(2, 3, 3, 3)],)]
