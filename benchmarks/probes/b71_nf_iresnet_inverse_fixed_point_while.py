# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ResidualFlowBlock(nn.Module):
    """i-ResNet block y = x + g(x) with a contractive g; the inverse is a fixed-point iteration."""

    def __init__(self, dim: int):
        super().__init__()
        self.g = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())
        with torch.no_grad():
            self.g[0].weight.mul_(0.3)

    @torch.no_grad()
    def inverse(self, y: torch.Tensor, tol: float = 1e-2) -> torch.Tensor:
        x = y.clone()
        step = 0
        while step < 50:
            x_new = y - self.g(x)
            if (x_new - x).abs().max() < tol:  # breaks: compile,export,trace
                break
            x = x_new
            step += 1
        return x_new

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.g(x)


class Model(nn.Module):
    """Sampler of a residual flow: latent noise mapped back through the inverted blocks."""

    def __init__(self, dim: int = 3):
        super().__init__()
        self.blocks = nn.ModuleList([ResidualFlowBlock(dim) for _ in range(2)])

    def forward(self, z: torch.Tensor) -> torch.Tensor:
        for block in self.blocks[::-1]:
            z = block.inverse(z)  # breaks: script
        return z


def inputs():
    torch.manual_seed(7131)
    return [(torch.randn(4, 3) * 0.1,), (torch.randn(4, 3) * 5.0,)]
