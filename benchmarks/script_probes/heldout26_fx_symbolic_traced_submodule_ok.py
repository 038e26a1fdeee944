# ruff: noqa  (a probe is written as users write models)
import torch
import torch.fx
import torch.nn as nn


class Stem(nn.Module):
    def __init__(self, channels: int = 4):
        super().__init__()
        self.conv = nn.Conv2d(3, channels, 3, padding=1)
        self.bn = nn.BatchNorm2d(channels)

    def forward(self, x):
        return torch.relu(self.bn(self.conv(x)))


class Classifier(nn.Module):
    """Backbone stem rewritten with torch.fx (as after a graph pass), then a pooled head."""

    def __init__(self, classes: int = 5):
        super().__init__()
        self.stem = torch.fx.symbolic_trace(Stem())
        self.head = nn.Linear(4, classes)

    def forward(self, x):
        return self.head(self.stem(x).mean(dim=(2, 3)))


Model = Classifier


def inputs():
    torch.manual_seed(2620)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 6, 10),)]
