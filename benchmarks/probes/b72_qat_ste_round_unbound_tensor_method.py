# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def ste_round(x: Tensor) -> Tensor:
    """Round in the forward pass, identity gradient (straight-through)."""
    return x + (Tensor.round(x) - x).detach()  # breaks: script


class LSQQuantizer(nn.Module):
    """Learned step size quantisation (LSQ) of activations to 4-bit unsigned."""

    def __init__(self, bits: int = 4):
        super().__init__()
        self.qmax = 2 ** bits - 1
        self.step = nn.Parameter(torch.tensor(0.1))

    def forward(self, x: Tensor) -> Tensor:
        s = self.step.abs() + 1e-6
        return ste_round(Tensor.clamp(x / s, 0, self.qmax)) * s  # breaks: script


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.act_q = LSQQuantizer()

    def forward(self, img: Tensor) -> Tensor:
        return self.act_q(torch.relu(self.conv(img)))


def inputs():
    torch.manual_seed(7225)
    return [(torch.randn(1, 3, 5, 5),), (torch.randn(2, 3, 4, 6),)]
