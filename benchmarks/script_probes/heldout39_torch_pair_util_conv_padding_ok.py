# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor
from torch.nn.modules.utils import _pair


class DepthwiseSeparable(nn.Module):
    """Depthwise conv whose stride and dilation are normalised with torch's own _pair."""

    def __init__(self, channels: int = 4, stride: int = 1, dilation: int = 2):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(channels, 1, 3, 3) * 0.2)
        self.pw = nn.Conv2d(channels, channels, 1)
        self.stride = stride
        self.dilation = dilation

    def forward(self, x: Tensor) -> Tensor:
        stride = _pair(self.stride)
        dilation = _pair(self.dilation)
        y = F.conv2d(x, self.weight, None, stride, dilation, dilation, x.shape[1])
        return self.pw(y)


Model = DepthwiseSeparable


def inputs():
    torch.manual_seed(3902)
    return [(torch.randn(1, 4, 9, 9),), (torch.randn(2, 4, 6, 7),)]
