# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Denoiser evaluated with a reproducible corruption: the global seed is reset in
    forward so every call adds the same noise pattern."""

    def __init__(self, d: int = 16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, 32), nn.ReLU(), nn.Linear(32, d))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        torch.manual_seed(0)  # breaks: compile,export,trace
        noisy = x + 0.1 * torch.randn_like(x)
        return self.net(noisy)


def inputs():
    torch.manual_seed(6407)
    return [(torch.randn(4, 16),), (torch.randn(6, 16),)]
