# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """MLP block with a learned-slope activation written as a closure inside forward."""

    def __init__(self, dim: int = 24):
        super().__init__()
        self.fc1 = nn.Linear(dim, 2 * dim)
        self.fc2 = nn.Linear(2 * dim, dim)
        self.alpha = nn.Parameter(torch.full((1,), 0.7))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        def act(t):  # breaks: script
            return t * torch.sigmoid(self.alpha * t)

        return x + self.fc2(act(self.fc1(x)))


def inputs():
    torch.manual_seed(6308)
    return [(torch.randn(3, 24),), (torch.randn(5, 2, 24),)]
