# ruff: noqa  (a probe is written as users write models)
import copy
import math
from dataclasses import dataclass
from typing import Optional

import torch
import torch.nn as nn


@dataclass
class GuidanceConfig:
    guidance_scale: float = 3.0
    rescale_phi: float = 0.7
    null_label: int = 0


def timestep_embedding(t: torch.Tensor, dim: int) -> torch.Tensor:
    half = dim // 2
    freqs = torch.exp(-math.log(10000.0) * torch.arange(half, dtype=torch.float32) / half)
    args = t.float()[:, None] * freqs[None]
    return torch.cat([args.cos(), args.sin()], dim=-1)


class Denoiser(nn.Module):
    def __init__(self, d: int = 16, n_labels: int = 10):
        super().__init__()
        self.label = nn.Embedding(n_labels, 32)
        self.net = nn.Sequential(nn.Linear(d + 32 + 32, 64), nn.SiLU(), nn.Linear(64, d))

    def forward(self, x: torch.Tensor, t: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return self.net(torch.cat([x, timestep_embedding(t, 32), self.label(y)], dim=-1))


class Model(nn.Module):
    """Classifier-free guidance wrapper with guidance rescaling; per-call overrides are
    applied to a shallow copy of the wrapper's config."""

    def __init__(self):
        super().__init__()
        self.cfg = GuidanceConfig()
        self.denoiser = Denoiser()

    def forward(self, x: torch.Tensor, t: torch.Tensor, y: torch.Tensor,
                guidance_scale: Optional[float] = None) -> torch.Tensor:
        cfg = copy.copy(self.cfg)
        if guidance_scale is not None:
            cfg.guidance_scale = guidance_scale
        null = torch.full_like(y, cfg.null_label)
        eps_c = self.denoiser(x, t, y)
        eps_u = self.denoiser(x, t, null)
        guided = eps_u + cfg.guidance_scale * (eps_c - eps_u)
        std_ratio = eps_c.std(dim=-1, keepdim=True) / guided.std(dim=-1, keepdim=True)
        rescaled = guided * std_ratio
        return cfg.rescale_phi * rescaled + (1 - cfg.rescale_phi) * guided


def inputs():
    torch.manual_seed(5815)
    return [
        (torch.randn(4, 16), torch.randint(0, 1000, (4,)), torch.randint(1, 10, (4,))),
        (torch.randn(2, 16), torch.randint(0, 1000, (2,)), torch.randint(1, 10, (2,))),
    ]
