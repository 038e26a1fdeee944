# ruff: noqa  (a probe is written as users write models)
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
    """Classifier-free guidance wrapper with guidance rescaling; the config's fields are
    unpacked into attributes at construction and a per-call override is a local variable."""

    def __init__(self, cfg: Optional[GuidanceConfig] = None):
        super().__init__()
        cfg = cfg or GuidanceConfig()
        self.guidance_scale = cfg.guidance_scale
        self.rescale_phi = cfg.rescale_phi
        self.null_label = cfg.null_label
        self.denoiser = Denoiser()

    def forward(self, x: torch.Tensor, t: torch.Tensor, y: torch.Tensor,
                guidance_scale: Optional[float] = None) -> torch.Tensor:
        scale = self.guidance_scale if guidance_scale is None else guidance_scale
        null = torch.full_like(y, self.null_label)
        eps_c = self.denoiser(x, t, y)
        eps_u = self.denoiser(x, t, null)
        guided = eps_u + scale * (eps_c - eps_u)
        std_ratio = eps_c.std(dim=-1, keepdim=True) / guided.std(dim=-1, keepdim=True)
        rescaled = guided * std_ratio
        return self.rescale_phi * rescaled + (1 - self.rescale_phi) * guided


def inputs():
    torch.manual_seed(5816)
    return [
        (torch.randn(4, 16), torch.randint(0, 1000, (4,)), torch.randint(1, 10, (4,))),
        (torch.randn(2, 16), torch.randint(0, 1000, (2,)), torch.randint(1, 10, (2,))),
    ]
