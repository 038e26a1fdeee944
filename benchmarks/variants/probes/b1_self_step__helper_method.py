import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.step = 0

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        self.step += 1
        warm = min(1.0, self.step / 10)
        return self.fc(x) * warm


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
