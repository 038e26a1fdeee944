# ruff: noqa  (a probe is written as users write models)
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F


def safe_log(p: torch.Tensor) -> torch.Tensor:
    # machine epsilon of a Python float, looked up where it is used
    return torch.log(p.clamp_min(sys.float_info.epsilon))


def beta_log_prob(x: torch.Tensor, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    log_beta = torch.lgamma(a) + torch.lgamma(b) - torch.lgamma(a + b)
    return (a - 1) * safe_log(x) + (b - 1) * safe_log(1 - x) - log_beta


class BetaHead(nn.Module):
    """Predicts concentration parameters of a Beta distribution over a [0, 1] target."""

    def __init__(self, d_in: int, min_conc: float = 1.0):
        super().__init__()
        self.min_conc = min_conc
        self.proj = nn.Linear(d_in, 2)

    def forward(self, h: torch.Tensor):
        ab = F.softplus(self.proj(h)) + self.min_conc
        return ab[..., 0], ab[..., 1]


class Model(nn.Module):
    """Click-through-rate style regressor with a Beta likelihood (probabilistic output)."""

    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(10, 32), nn.Tanh(), nn.Linear(32, 32), nn.Tanh())
        self.head = BetaHead(32)

    def forward(self, feats: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        a, b = self.head(self.encoder(feats))
        nll = -beta_log_prob(target, a, b)
        mean = a / (a + b)
        return torch.stack([nll, mean], dim=-1)


def inputs():
    torch.manual_seed(5805)
    t1 = torch.rand(6)
    t1[0] = 0.0
    t2 = torch.rand(3)
    t2[1] = 1.0
    return [(torch.randn(6, 10), t1), (torch.randn(3, 10), t2)]
