# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class Stage(nn.Module):
    def __init__(self, dim: int = 8, post=None):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.post = post

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.fc(x)
        if callable(self.post):
            y = self.post(y)
        return y


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.s1 = Stage(post=nn.ReLU())
        self.s2 = Stage()

    def forward(self, x):
        return self.s2(self.s1(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
