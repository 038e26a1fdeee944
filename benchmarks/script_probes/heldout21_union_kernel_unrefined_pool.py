# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from typing import Tuple, Union


def blur(x: torch.Tensor, kernel: Union[int, Tuple[int, int]]) -> torch.Tensor:
    return F.avg_pool2d(x, kernel, stride=1)


class Blur(nn.Module):
    def __init__(self, kernel: int = 3):
        super().__init__()
        self.kernel = kernel
        self.conv = nn.Conv2d(2, 2, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.conv(blur(x, self.kernel))


Model = Blur


def inputs():
    torch.manual_seed(2123)
    return [(torch.randn(1, 2, 8, 8),), (torch.randn(2, 2, 5, 9),)]
