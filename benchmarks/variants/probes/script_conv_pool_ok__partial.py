import functools
import torch
import torch.nn.functional as F
from torch import nn


def model_forward(self, x):
    x = F.relu(self.bn(self.conv(x)))
    x = F.adaptive_avg_pool2d(x, 1).flatten(1)
    return self.fc(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.bn = nn.BatchNorm2d(4)
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        run = functools.partial(model_forward, self)
        return run(x)


def inputs():
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 6, 6),)]
