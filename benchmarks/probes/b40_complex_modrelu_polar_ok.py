# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ComplexModReLU(nn.Module):
    """Complex-valued layer: modReLU on the magnitude, phase kept, built with torch.polar."""

    def __init__(self, features=6):
        super().__init__()
        self.bias = nn.Parameter(torch.full((features,), -0.1))
        self.weight = nn.Parameter(torch.randn(features, features, dtype=torch.cfloat) * 0.3)

    def forward(self, re, im):
        z = torch.complex(re, im) @ self.weight
        mag = torch.relu(z.abs() + self.bias)
        out = torch.polar(mag, z.angle())
        return torch.view_as_real(out)


Model = ComplexModReLU


def inputs():
    torch.manual_seed(4008)
    return [(torch.randn(4, 6), torch.randn(4, 6)), (torch.randn(4, 6), torch.randn(4, 6)), (torch.randn(2, 6), torch.randn(2, 6))]
