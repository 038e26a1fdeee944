# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    @classmethod
    def gelu(cls, x: torch.Tensor) -> torch.Tensor:
        return 0.5 * x * (1.0 + torch.tanh(0.79788456 * (x + 0.044715 * x.pow(3))))

    def forward(self, x):
        return self.gelu(self.fc(x))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
