# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad


class Model(nn.Module):
    """Quantised activation: rounds to integers in forward with a straight-through
    estimator written as a custom autograd.Function."""

    def __init__(self, d: int = 10):
        super().__init__()
        self.fc = nn.Linear(d, d)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return RoundSTE.apply(self.fc(x) * 4.0) / 4.0


def inputs():
    torch.manual_seed(6428)
    return [(torch.randn(3, 10),), (torch.randn(5, 10),)]
