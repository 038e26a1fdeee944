# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class NormMixin:
    def l2(self, x: torch.Tensor) -> torch.Tensor:
        return x / torch.linalg.vector_norm(x, dim=-1, keepdim=True).clamp_min(1e-6)


class Model(NormMixin, nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return self.l2(self.fc(x))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
