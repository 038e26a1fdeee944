# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class AffineCoupling(nn.Module):
    """RealNVP coupling: half the features condition a scale/shift of the other half."""

    def __init__(self, d: int, hidden: int = 8):
        super().__init__()
        self.half = d // 2
        self.net = nn.Sequential(nn.Linear(self.half, hidden), nn.Tanh(), nn.Linear(hidden, 2 * (d - self.half)))

    def forward(self, x: torch.Tensor, reverse: bool = False):
        xa, xb = x[:, : self.half], x[:, self.half :]
        log_s, t = self.net(xa).chunk(2, dim=1)
        log_s = torch.tanh(log_s)
        if reverse:
            yb = (xb - t) * torch.exp(-log_s)
            logdet = -log_s.sum(dim=1)
        else:
            yb = xb * torch.exp(log_s) + t
            logdet = log_s.sum(dim=1)
        return torch.cat([xa, yb], dim=1), logdet


class Model(nn.Module):
    """Two couplings with a feature flip between them; returns z and the total log-det."""

    def __init__(self, d: int = 4):
        super().__init__()
        self.c1 = AffineCoupling(d)
        self.c2 = AffineCoupling(d)

    def forward(self, x: torch.Tensor):
        z, ld1 = self.c1(x)
        z, ld2 = self.c2(z.flip(1))
        x_rec, _ = self.c2(z, reverse=True)
        return z, ld1 + ld2, x_rec


def inputs():
    torch.manual_seed(6613)
    return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
