import torch as T
from torch import nn as tnn
F = T.nn.functional


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.conv = tnn.Conv2d(3, 4, 3, padding=1)
        self.bn = tnn.BatchNorm2d(4)
        self.fc = tnn.Linear(4, 2)

    def forward(self, x):
        x = F.relu(self.bn(self.conv(x)))
        x = F.adaptive_avg_pool2d(x, 1).flatten(1)
        return self.fc(x)


def inputs():
    return [(T.randn(2, 3, 8, 8),), (T.randn(1, 3, 6, 6),)]
