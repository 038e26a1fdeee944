# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class FakeQuantMixin:
    """Symmetric per-tensor int8 fake quantisation, the scale taken from the live activation range."""

    bits: int = 8

    def fake_quant(self, x: torch.Tensor) -> torch.Tensor:
        qmax = 2 ** (self.bits - 1) - 1  # breaks: script
        scale = max(float(x.detach().abs().max()), 1e-8) / qmax  # breaks: compile,export,trace
        q = torch.clamp(torch.round(x / scale), -qmax - 1, qmax)
        return x + (q * scale - x).detach()


class QATLinear(FakeQuantMixin, nn.Linear):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.linear(self.fake_quant(x), self.weight, self.bias)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = QATLinear(6, 8)
        self.fc2 = QATLinear(8, 3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(torch.relu(self.fc1(x)))


def inputs():
    torch.manual_seed(7224)
    return [(torch.randn(4, 6),), (torch.randn(4, 6) * 20,)]
