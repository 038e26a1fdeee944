# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class EpisodeConfig:
    n_way: int = 3
    dim: int = 6
    hidden: int = 8


class Model(nn.Module):
    """Prototypical network with the episode's way fixed by config: class means by a one-hot matmul."""

    def __init__(self, cfg: EpisodeConfig = EpisodeConfig()):
        super().__init__()
        self.n_way = cfg.n_way
        self.encoder = nn.Sequential(nn.Linear(cfg.dim, cfg.hidden), nn.ReLU(), nn.Linear(cfg.hidden, cfg.hidden))

    def prototypes(self, emb: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        onehot = F.one_hot(labels, self.n_way).to(emb.dtype)
        counts = onehot.sum(0).clamp_min(1.0).unsqueeze(-1)
        return onehot.t() @ emb / counts

    def forward(self, support: torch.Tensor, labels: torch.Tensor, query: torch.Tensor) -> torch.Tensor:
        protos = self.prototypes(self.encoder(support), labels)
        return -torch.cdist(self.encoder(query), protos)


def inputs():
    torch.manual_seed(7013)
    return [
        (torch.randn(6, 6), torch.tensor([0, 0, 1, 1, 2, 2]), torch.randn(4, 6)),
        (torch.randn(6, 6), torch.tensor([0, 1, 1, 1, 0, 1]), torch.randn(4, 6)),
    ]
