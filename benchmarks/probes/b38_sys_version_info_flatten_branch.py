# ruff: noqa  (a probe is written as users write models)
import sys

import torch
import torch.nn as nn

_PY38 = (3, 8)


class ConvClassifier(nn.Module):
    def __init__(self, channels=4, classes=3):
        super().__init__()
        self.conv = nn.Conv2d(1, channels, 3, padding=1)
        self.pool = nn.AdaptiveAvgPool2d(2)
        self.fc = nn.Linear(channels * 4, classes)

    def forward(self, x):
        h = self.pool(torch.relu(self.conv(x)))
        if sys.version_info >= _PY38:
            h = h.flatten(1)
        else:
            h = h.view(h.size(0), -1)
        return self.fc(h)


Model = ConvClassifier


def inputs():
    torch.manual_seed(3804)
    return [(torch.randn(2, 1, 8, 8),), (torch.randn(3, 1, 10, 6),)]
