# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    @torch.jit.ignore
    def _num_groups(self, x):
        return max(1, x.shape[-1] // 2)

    def forward(self, x):
        g = self._num_groups(x)
        y = self.fc(x)
        return y.reshape(y.shape[0], g, -1).mean(-1)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
