# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class Scorer(nn.Module):
    def __init__(self, dim=5):
        super().__init__()
        self.fc1 = nn.Linear(dim, 16)
        self.fc2 = nn.Linear(16, 1)

    def forward(self, x):
        return self.fc2(torch.tanh(self.fc1(x))).squeeze(-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.scorer = Scorer()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        with torch.enable_grad():
            score = self.scorer(x * 2.0)
        return score.sigmoid()


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(3, 5),), (torch.randn(6, 5),)]
