import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, act: str = "relu"):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.act = act

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        return getattr(torch, self.act)(self.fc(x))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
