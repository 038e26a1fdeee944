import math

import torch
import torch.nn as nn


def alternating_mask(dim: int, parity: int) -> torch.Tensor:
    return ((torch.arange(dim) + parity) % 2).float()


class AffineCoupling(nn.Module):
    def __init__(self, dim, hidden=64, parity=0, scale_clamp=3.0):
        super().__init__()
        self.register_buffer("mask", alternating_mask(dim, parity))
        self.net = nn.Sequential(
            nn.Linear(dim, hidden), nn.SiLU(), nn.Linear(hidden, hidden), nn.SiLU(), nn.Linear(hidden, 2 * dim)
        )
        self.scale_clamp = scale_clamp

    def forward(self, x, reverse: bool = False):
        xm = x * self.mask
        s, t = self.net(xm).chunk(2, dim=-1)
        s = self.scale_clamp * torch.tanh(s / self.scale_clamp) * (1 - self.mask)
        t = t * (1 - self.mask)
        if not reverse:
            return xm + (1 - self.mask) * (x * torch.exp(s) + t), s.sum(-1)
        return xm + (1 - self.mask) * ((x - t) * torch.exp(-s)), -s.sum(-1)


class RealNVP(nn.Module):
    def __init__(self, dim=6, n_layers=4):
        super().__init__()
        self.layers = nn.ModuleList([AffineCoupling(dim, parity=i % 2) for i in range(n_layers)])
        self.register_buffer("base_loc", torch.zeros(dim))
        self.register_buffer("base_log_scale", torch.zeros(dim))

    def base_log_prob(self, z):
        u = (z - self.base_loc) * torch.exp(-self.base_log_scale)
        return (-0.5 * (u ** 2 + math.log(2 * math.pi)) - self.base_log_scale).sum(-1)

    def forward(self, x):
        logdet = x.new_zeros(x.shape[0])
        for layer in self.layers:
            x, ld = layer(x)
            logdet = logdet + ld
        return self.base_log_prob(x) + logdet, x


Model = RealNVP


def inputs():
    torch.manual_seed(277)
    return [
        (torch.randn(8, 6),),
        (torch.randn(3, 6) * 2,),
    ]
