# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


def conv_bn(cin: int, cout: int, stride: int = 1) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU6(inplace=True))


class Model(nn.Module):
    def __init__(self, stem_layers: int = 2):
        super().__init__()
        self.stem_layers = stem_layers
        self.features = nn.Sequential(
            conv_bn(3, 8, 2),
            conv_bn(8, 8),
            conv_bn(8, 16, 2),
            conv_bn(16, 16),
        )
        self.aux = nn.Conv2d(8, 2, 1)
        self.cls = nn.Linear(16, 4)

    def forward(self, x: torch.Tensor):
        low = self.features[: self.stem_layers](x)
        high = self.features[self.stem_layers :](low)
        return self.cls(high.mean((2, 3))), self.aux(low)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 16, 16),), (torch.randn(3, 3, 20, 20),)]
