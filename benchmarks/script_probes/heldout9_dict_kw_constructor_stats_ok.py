# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Normalizer(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(5, 5)

    def stats(self, x: torch.Tensor):
        return dict(mean=x.mean(), std=x.std(), peak=x.abs().max())

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        s = self.stats(x)
        y = (x - s["mean"]) / (s["std"] + 1e-5)
        return self.fc(y) / s["peak"]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = Normalizer()

    def forward(self, x):
        return self.norm(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 5),), (torch.randn(6, 5),)]
