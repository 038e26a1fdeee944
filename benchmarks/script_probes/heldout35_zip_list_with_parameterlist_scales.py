# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ScaledSum(nn.Module):
    """Sums the collected layer outputs, zipped with a ParameterList of per-channel scales."""

    def __init__(self, dim: int = 6, depth: int = 3):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])
        self.scales = nn.ParameterList(
            [nn.Parameter(torch.full((dim,), 0.1 * (i + 1))) for i in range(depth)]
        )

    def forward(self, x: Tensor) -> Tensor:
        hs = []
        for layer in self.layers:
            x = torch.tanh(layer(x))
            hs.append(x)
        out = torch.zeros_like(x)
        for h, scale in zip(hs, self.scales):
            out = out + h * scale
        return out


Model = ScaledSum


def inputs():
    torch.manual_seed(3518)
    return [(torch.randn(2, 6),), (torch.randn(3, 2, 6),)]
