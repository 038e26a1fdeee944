# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class TimestepEmbedder(nn.Module):
    """Sinusoidal timestep embedding built on the module's own device."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.dim = dim
        self.mlp = nn.Linear(dim, dim)

    @property
    def device(self) -> torch.device:
        return next(self.parameters()).device

    def forward(self, t: Tensor) -> Tensor:
        half = self.dim // 2
        freqs = torch.exp(-torch.arange(half, device=self.device, dtype=torch.float32) / half)
        args = t[:, None].float() * freqs[None]
        return self.mlp(torch.cat([args.cos(), args.sin()], dim=-1))


Model = TimestepEmbedder


def inputs():
    torch.manual_seed(3913)
    return [(torch.randint(0, 50, (3,)),), (torch.randint(0, 50, (5,)),)]
