# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn

ANCHORS = [(0.0, 0.0), (3.0, 4.0)]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 4)
        self.anchors = ANCHORS

    def forward(self, x):
        spread = math.dist(self.anchors[0], self.anchors[1])
        return self.head(x) / spread


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
