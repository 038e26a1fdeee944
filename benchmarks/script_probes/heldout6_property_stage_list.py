# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Backbone(nn.Module):
    def __init__(self, channels: int = 3):
        super().__init__()
        self.stem = nn.Conv2d(channels, 4, 3, padding=1)
        self.layer1 = nn.Conv2d(4, 4, 3, stride=2, padding=1)
        self.layer2 = nn.Conv2d(4, 4, 3, stride=2, padding=1)

    @property
    def stages(self):
        return [self.layer1, self.layer2]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.stem(x)
        for stage in self.stages:
            x = torch.relu(stage(x))
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = Backbone()

    def forward(self, x):
        return self.backbone(x).mean(dim=(2, 3))


def inputs():
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 6, 6),)]
