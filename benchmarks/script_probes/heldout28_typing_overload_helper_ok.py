# ruff: noqa  (a probe is written as users write models)
from typing import Tuple, Union, overload

import torch
import torch.nn as nn
import torch.nn.functional as F


@overload
def to_pair(v: int) -> Tuple[int, int]: ...
@overload
def to_pair(v: Tuple[int, int]) -> Tuple[int, int]: ...
def to_pair(v: Union[int, Tuple[int, int]]) -> Tuple[int, int]:
    if isinstance(v, int):
        return (v, v)
    return v


class WindowPool(nn.Module):
    """Pools with a window given as an int or a pair, normalised by a typed overloaded helper."""

    def __init__(self, window: int = 2):
        super().__init__()
        self.window = window

    def forward(self, x):
        kh, kw = to_pair(self.window)
        return F.avg_pool2d(x, (kh, kw))


Model = WindowPool


def inputs():
    torch.manual_seed(2810)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 6, 4),)]
