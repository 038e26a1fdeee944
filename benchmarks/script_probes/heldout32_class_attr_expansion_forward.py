# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class Bottleneck(nn.Module):
    """ResNet-style bottleneck; the class-level ``expansion`` is read again in forward to split
    the widened output into groups."""

    expansion = 2

    def __init__(self, inplanes: int = 8, planes: int = 4):
        super().__init__()
        self.conv1 = nn.Conv2d(inplanes, planes, 1)
        self.conv2 = nn.Conv2d(planes, planes * self.expansion, 3, padding=1)

    def forward(self, x: Tensor) -> Tensor:
        out = self.conv2(torch.relu(self.conv1(x)))
        groups = out.chunk(self.expansion, dim=1)
        return torch.relu(groups[0] + groups[-1])


Model = Bottleneck


def inputs():
    torch.manual_seed(3206)
    return [(torch.randn(2, 8, 5, 5),), (torch.randn(1, 8, 4, 7),)]
