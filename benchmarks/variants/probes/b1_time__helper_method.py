import time

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.last_ms = 0.0

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        start = time.perf_counter()
        y = self.fc(x)
        self.last_ms = (time.perf_counter() - start) * 1000
        return y


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
