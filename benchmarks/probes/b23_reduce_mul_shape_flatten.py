import functools
import operator

import torch
import torch.nn as nn


class FlattenHead(nn.Module):
    def __init__(self, ch=4, h=3, w=3, classes=5):
        super().__init__()
        self.conv = nn.Conv2d(ch, ch, 3, padding=1)
        self.fc = nn.Linear(ch * h * w, classes)

    def forward(self, x):
        h = torch.relu(self.conv(x))
        features = functools.reduce(operator.mul, h.shape[1:], 1)
        return self.fc(h.reshape(h.shape[0], features))


Model = FlattenHead


def inputs():
    torch.manual_seed(25)
    return [(torch.randn(2, 4, 3, 3),), (torch.randn(5, 4, 3, 3) * 2,), (torch.randn(1, 4, 3, 3),)]
