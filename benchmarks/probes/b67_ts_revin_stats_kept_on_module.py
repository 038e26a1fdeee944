# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class RevIN(nn.Module):
    """Reversible instance normalisation as the reference implementation writes it: `norm`
    keeps the statistics on the module for the later `denorm` call."""

    def __init__(self, eps: float = 1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor, mode: str) -> torch.Tensor:
        if mode == "norm":
            self.mean = x.mean(dim=1, keepdim=True).detach()  # breaks: script
            self.stdev = torch.sqrt(x.var(dim=1, keepdim=True, unbiased=False) + self.eps).detach()
            return (x - self.mean) / self.stdev
        return x * self.stdev + self.mean


class Model(nn.Module):
    """Linear forecaster (DLinear-like) wrapped in RevIN."""

    def __init__(self, lookback: int = 12, horizon: int = 4):
        super().__init__()
        self.revin = RevIN()
        self.proj = nn.Linear(lookback, horizon)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        z = self.revin(x, "norm")
        y = self.proj(z.transpose(1, 2)).transpose(1, 2)
        return self.revin(y, "denorm")


def inputs():
    torch.manual_seed(6713)
    return [(torch.randn(2, 12, 3),), (torch.randn(3, 12, 3) * 4 - 1,)]
