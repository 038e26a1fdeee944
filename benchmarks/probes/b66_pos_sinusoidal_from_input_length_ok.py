# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class SinusoidalPosition(nn.Module):
    """Transformer sinusoidal positions computed on the fly for the input's length."""

    def __init__(self, d_model: int):
        super().__init__()
        div = torch.exp(torch.arange(0, d_model, 2).float() * (-math.log(10000.0) / d_model))
        self.register_buffer("div_term", div)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        pos = torch.arange(x.size(1), dtype=x.dtype, device=x.device).unsqueeze(1)
        angles = pos * self.div_term
        pe = torch.stack([angles.sin(), angles.cos()], dim=-1).flatten(1)
        return x + pe.unsqueeze(0)


class Model(nn.Module):
    def __init__(self, d: int = 6):
        super().__init__()
        self.pos = SinusoidalPosition(d)
        self.ff = nn.Linear(d, d)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.ff(self.pos(x))


def inputs():
    torch.manual_seed(6622)
    return [(torch.randn(2, 5, 6),), (torch.randn(1, 9, 6),)]
