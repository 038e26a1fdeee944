from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class RadiusGraphConfig:
    cutoff: float = 1.5
    num_rbf: int = 8
    hidden: int = 16


def rbf_expand(d, num_rbf, cutoff):
    mu = torch.linspace(0.0, cutoff, num_rbf, device=d.device)
    sigma = cutoff / num_rbf
    return torch.exp(-((d.unsqueeze(-1) - mu) / sigma) ** 2)


class Model(nn.Module):
    def __init__(self, cfg=RadiusGraphConfig()):
        super().__init__()
        self.cfg = cfg
        self.edge_mlp = nn.Sequential(nn.Linear(cfg.num_rbf, cfg.hidden), nn.SiLU(), nn.Linear(cfg.hidden, 1))

    def forward(self, coords):
        dist = torch.cdist(coords, coords)
        eye = torch.eye(coords.shape[1], dtype=torch.bool, device=coords.device)
        within = (dist < self.cfg.cutoff) & ~eye
        max_neighbors = int(within.sum(-1).max())  # breaks: compile,export,trace
        d_masked = dist.masked_fill(~within, float("inf"))
        nbr_d, nbr_idx = d_masked.topk(max_neighbors, dim=-1, largest=False)
        valid = torch.isfinite(nbr_d)
        feats = rbf_expand(nbr_d.masked_fill(~valid, 0.0), self.cfg.num_rbf, self.cfg.cutoff)
        msg = self.edge_mlp(feats).squeeze(-1) * valid
        return msg.sum(-1), nbr_idx


def inputs():
    torch.manual_seed(248)
    return [(torch.randn(2, 10, 3),), (torch.randn(2, 10, 3) * 0.6,)]
