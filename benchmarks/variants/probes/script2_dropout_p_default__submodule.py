import torch
import torch.nn.functional as F
from torch import nn


class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)

    def forward(self, x, p=0.0, training=False):
        return F.dropout(self.fc(x), p=p, training=training)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, x, p=0.0, training=False):
        return self.inner(x, p, training)


def inputs():
    return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
