# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class LayerScale(nn.Module):
    def __init__(self, dim: int = 8, init_values: float = 1e-5, inplace: bool = False):
        super().__init__()
        self.inplace = inplace
        self.gamma = nn.Parameter(init_values * torch.ones(dim))

    def extra_repr(self) -> str:
        return f"dim={self.gamma.shape[0]!r}, inplace={self.inplace!s}, init={self.gamma.mean().item():.1e}"

    def forward(self, x):
        return x.mul_(self.gamma) if self.inplace else x * self.gamma


Model = LayerScale


def inputs():
    torch.manual_seed(2321)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
