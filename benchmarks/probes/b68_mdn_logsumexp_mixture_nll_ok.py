# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class MDNHead(nn.Module):
    """Mixture density output: K diagonal Gaussians over a D-dimensional target."""

    def __init__(self, d_in: int, k: int = 3, d_out: int = 2):
        super().__init__()
        self.k = k
        self.d_out = d_out
        self.proj = nn.Linear(d_in, k + 2 * k * d_out)
        self.half_log_2pi = 0.5 * math.log(2 * math.pi)

    def forward(self, h: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        kd = self.k * self.d_out
        logit_pi, mu, log_sigma = self.proj(h).split([self.k, kd, kd], dim=-1)
        mu = mu.view(-1, self.k, self.d_out)
        log_sigma = log_sigma.view(-1, self.k, self.d_out).clamp(-5.0, 5.0)
        z = (y.unsqueeze(1) - mu) * torch.exp(-log_sigma)
        comp = (-0.5 * z.pow(2) - log_sigma - self.half_log_2pi).sum(-1)
        return -torch.logsumexp(F.log_softmax(logit_pi, -1) + comp, dim=-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(4, 16), nn.Tanh())
        self.mdn = MDNHead(16)

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return self.mdn(self.body(x), y)


def inputs():
    torch.manual_seed(6822)
    return [(torch.randn(5, 4), torch.randn(5, 2)), (torch.randn(3, 4), torch.randn(3, 2))]
