# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class RoundSTE(torch.autograd.Function):
    """Round in the forward pass, pass the gradient straight through in the backward."""

    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad


class FakeQuant(nn.Module):
    def __init__(self, bits: int = 4):
        super().__init__()
        self.qmax = 2 ** (bits - 1) - 1
        self.scale = nn.Parameter(torch.tensor(0.1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        q = RoundSTE.apply(x / self.scale)
        return torch.clamp(q, -self.qmax - 1, self.qmax) * self.scale


class Model(nn.Module):
    def __init__(self, d: int = 4):
        super().__init__()
        self.fc = nn.Linear(d, d)
        self.fq = FakeQuant()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fq(self.fc(x))


def inputs():
    torch.manual_seed(6618)
    return [(torch.randn(3, 4),), (torch.randn(2, 4),)]
