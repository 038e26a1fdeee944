# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def timestep_embedding(t, dim, max_period=10000):
    half = dim // 2
    freqs = torch.exp(-math.log(max_period) * torch.arange(half, dtype=torch.float32) / half)
    args = t[:, None].float() * freqs[None]
    return torch.cat([torch.cos(args), torch.sin(args)], dim=-1)


class ResBlock(nn.Module):
    def __init__(self, ch, temb_dim):
        super().__init__()
        self.norm1 = nn.GroupNorm(4, ch)
        self.conv1 = nn.Conv2d(ch, ch, 3, padding=1)
        self.temb = nn.Linear(temb_dim, ch)
        self.norm2 = nn.GroupNorm(4, ch)
        self.conv2 = nn.Conv2d(ch, ch, 3, padding=1)

    def forward(self, x, emb):
        h = self.conv1(F.silu(self.norm1(x)))
        h = h + self.temb(emb)[:, :, None, None]
        return x + self.conv2(F.silu(self.norm2(h)))


class GuidedUNet(nn.Module):
    def __init__(self, ch=8, num_classes=3, temb_dim=16):
        super().__init__()
        self.temb_dim = temb_dim
        self.time_mlp = nn.Sequential(nn.Linear(temb_dim, temb_dim), nn.SiLU(), nn.Linear(temb_dim, temb_dim))
        self.label_emb = nn.Embedding(num_classes + 1, temb_dim)  # last index = null label
        self.null_label = num_classes
        self.inp = nn.Conv2d(3, ch, 3, padding=1)
        self.down = ResBlock(ch, temb_dim)
        self.mid = ResBlock(ch, temb_dim)
        self.out = nn.Conv2d(ch, 3, 3, padding=1)

    def denoise(self, x, t, y):
        emb = self.time_mlp(timestep_embedding(t, self.temb_dim)) + self.label_emb(y)
        h = self.inp(x)
        h = self.down(h, emb)
        h = F.interpolate(self.mid(F.avg_pool2d(h, 2), emb), scale_factor=2.0, mode="nearest") + h
        return self.out(h)

    def forward(self, x, t, y, guidance_scale):
        if guidance_scale > 1.0:
            null = torch.full_like(y, self.null_label)
            eps = self.denoise(torch.cat([x, x]), torch.cat([t, t]), torch.cat([y, null]))
            cond, uncond = eps.chunk(2)
            return uncond + guidance_scale * (cond - uncond)
        return self.denoise(x, t, y)


Model = GuidedUNet


def inputs():
    torch.manual_seed(4817)
    return [
        (torch.randn(2, 3, 8, 8), torch.tensor([10, 500]), torch.tensor([0, 2]), torch.tensor(3.0)),
        (torch.randn(2, 3, 8, 8), torch.tensor([7, 90]), torch.tensor([1, 1]), torch.tensor(1.0)),
    ]
