# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class HeadConfig:
    dim: int = 8
    n_classes: int = 3
    pool: str = "cls"


class Model(nn.Module):
    """Sequence classification head whose pooling is picked by a config string."""

    def __init__(self, cfg: HeadConfig = HeadConfig()):
        super().__init__()
        self.pool = cfg.pool
        self.norm = nn.LayerNorm(cfg.dim)
        self.fc = nn.Linear(cfg.dim, cfg.n_classes)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        h = self.norm(tokens)
        match self.pool:  # breaks: script
            case "cls":
                pooled = h[:, 0]
            case "mean":
                pooled = h.mean(1)
            case _:
                pooled = h.amax(1)
        return self.fc(pooled)


def inputs():
    torch.manual_seed(6923)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 9, 8),)]
