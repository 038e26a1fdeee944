# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Forecasting head whose input scaling is chosen by a config string with a `match`
    statement (Python 3.10+)."""

    def __init__(self, lookback: int = 12, horizon: int = 3, scaling: str = "mean"):
        super().__init__()
        self.scaling = scaling
        self.proj = nn.Linear(lookback, horizon)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        match self.scaling:  # breaks: script
            case "mean":
                scale = x.abs().mean(dim=-1, keepdim=True) + 1e-6
            case "std":
                scale = x.std(dim=-1, keepdim=True) + 1e-6
            case _:
                scale = torch.ones_like(x[..., :1])
        return self.proj(x / scale) * scale


def inputs():
    torch.manual_seed(6715)
    return [(torch.randn(2, 12),), (torch.randn(5, 12) * 3,)]
