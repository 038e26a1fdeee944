# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad_out):
        return grad_out


class FakeQuant(nn.Module):
    def __init__(self, bits: int = 4):
        super().__init__()
        self.levels = 2 ** bits - 1

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        scale = x.abs().amax().clamp(min=1e-6) / self.levels
        return RoundSTE.apply(x / scale) * scale


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)
        self.q = FakeQuant()

    def forward(self, x):
        return self.q(self.fc(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
