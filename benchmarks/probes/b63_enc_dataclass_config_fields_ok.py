# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass(frozen=True)
class EncoderConfig:
    dim: int = 16
    hidden: int = 32
    dropout: float = 0.1
    residual_scale: float = 0.5


class Model(nn.Module):
    """Feed-forward encoder layer built from a dataclass config; forward reads plain copies."""

    def __init__(self, cfg: EncoderConfig = EncoderConfig()):
        super().__init__()
        self.fc1 = nn.Linear(cfg.dim, cfg.hidden)
        self.fc2 = nn.Linear(cfg.hidden, cfg.dim)
        self.drop = nn.Dropout(cfg.dropout)
        self.residual_scale = cfg.residual_scale

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.residual_scale * self.drop(self.fc2(torch.relu(self.fc1(x))))


def inputs():
    torch.manual_seed(6325)
    return [(torch.randn(3, 16),), (torch.randn(2, 4, 16),)]
