# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    @staticmethod
    def _l2norm(t: torch.Tensor, eps=1e-6):
        return t / (t.norm(dim=-1, keepdim=True) + eps)

    def forward(self, x):
        return self._l2norm(self.fc(x))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
