# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class BasicBlock(nn.Module):
    """ResNet basic block: the shortcut is an empty nn.Sequential when no projection is needed."""

    def __init__(self, cin: int, cout: int, stride: int = 1):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.shortcut = nn.Sequential()
        if stride != 1 or cin != cout:
            self.shortcut = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))

    def forward(self, x: Tensor) -> Tensor:
        out = torch.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return torch.relu(out + self.shortcut(x))


class TinyResNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer1 = BasicBlock(4, 4)
        self.layer2 = BasicBlock(4, 8, stride=2)

    def forward(self, x: Tensor) -> Tensor:
        return self.layer2(self.layer1(x)).mean((2, 3))


Model = TinyResNet


def inputs():
    torch.manual_seed(3113)
    return [(torch.randn(2, 4, 8, 8),), (torch.randn(1, 4, 5, 7),)]
