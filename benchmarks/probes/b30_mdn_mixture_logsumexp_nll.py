import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class MDNConfig:
    in_dim: int = 6
    hidden: int = 32
    n_components: int = 5
    out_dim: int = 2
    min_sigma: float = 1e-3


class MDNHead(nn.Module):
    def __init__(self, cfg: MDNConfig):
        super().__init__()
        self.cfg = cfg
        k, d = cfg.n_components, cfg.out_dim
        self.pi = nn.Linear(cfg.hidden, k)
        self.mu = nn.Linear(cfg.hidden, k * d)
        self.log_sigma = nn.Linear(cfg.hidden, k * d)

    def forward(self, h):
        k, d = self.cfg.n_components, self.cfg.out_dim
        mu = self.mu(h).view(-1, k, d)
        log_sigma = self.log_sigma(h).view(-1, k, d).clamp(min=math.log(self.cfg.min_sigma))
        return self.pi(h), mu, log_sigma


def mdn_nll(pi_logits, mu, log_sigma, y):
    z = (y.unsqueeze(1) - mu) * torch.exp(-log_sigma)
    comp = -0.5 * z.pow(2).sum(-1) - log_sigma.sum(-1) - 0.5 * mu.size(-1) * math.log(2 * math.pi)
    return -torch.logsumexp(F.log_softmax(pi_logits, dim=-1) + comp, dim=-1).mean()


class Model(nn.Module):
    def __init__(self, cfg: MDNConfig = MDNConfig()):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(cfg.in_dim, cfg.hidden), nn.Tanh())
        self.head = MDNHead(cfg)

    def forward(self, x, y=None):
        pi_logits, mu, log_sigma = self.head(self.backbone(x))
        if y is None:
            return (F.softmax(pi_logits, -1).unsqueeze(-1) * mu).sum(1)
        return mdn_nll(pi_logits, mu, log_sigma, y)


def inputs():
    torch.manual_seed(3013)
    return [(torch.randn(8, 6), torch.randn(8, 2)), (torch.randn(5, 6), torch.randn(5, 2) * 2)]
