# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def seeded_noise_like(x: torch.Tensor, seed: int) -> torch.Tensor:
    """Reproducible noise for evaluation: the same seed gives the same noise on every call."""
    gen = torch.Generator(device=x.device)
    gen.manual_seed(seed)
    return torch.randn(x.shape, generator=gen, dtype=x.dtype, device=x.device)


def timestep_embedding(t: torch.Tensor, dim: int) -> torch.Tensor:
    half = dim // 2
    freqs = torch.exp(-math.log(10000.0) * torch.arange(half, dtype=torch.float32) / half)
    args = t.float()[:, None] * freqs[None]
    return torch.cat([args.cos(), args.sin()], dim=-1)


class ResBlock(nn.Module):
    def __init__(self, c: int, tdim: int):
        super().__init__()
        self.conv1 = nn.Conv2d(c, c, 3, padding=1)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1)
        self.temb = nn.Linear(tdim, c)
        self.norm = nn.GroupNorm(4, c)

    def forward(self, x: torch.Tensor, temb: torch.Tensor) -> torch.Tensor:
        h = F.silu(self.norm(self.conv1(x)))
        h = h + self.temb(temb)[:, :, None, None]
        return x + self.conv2(F.silu(h))


class Model(nn.Module):
    """Denoiser evaluated on a fixed noise draw so validation losses are comparable."""

    def __init__(self, c: int = 16, tdim: int = 32, eval_seed: int = 1234):
        super().__init__()
        self.tdim = tdim
        self.eval_seed = eval_seed
        self.inp = nn.Conv2d(3, c, 3, padding=1)
        self.blocks = nn.ModuleList([ResBlock(c, tdim) for _ in range(2)])
        self.out = nn.Conv2d(c, 3, 3, padding=1)
        self.register_buffer("alphas_bar", torch.linspace(0.999, 0.02, 100))

    def forward(self, x0: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
        noise = seeded_noise_like(x0, self.eval_seed)
        a = self.alphas_bar[t].view(-1, 1, 1, 1)
        xt = a.sqrt() * x0 + (1 - a).sqrt() * noise
        temb = timestep_embedding(t, self.tdim)
        h = self.inp(xt)
        for blk in self.blocks:
            h = blk(h, temb)
        return F.mse_loss(self.out(h), noise, reduction="none").mean(dim=(1, 2, 3))


def inputs():
    torch.manual_seed(6203)
    return [
        (torch.randn(2, 3, 16, 16), torch.tensor([5, 60])),
        (torch.randn(3, 3, 24, 20), torch.tensor([1, 30, 99])),
    ]
