# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Multi-tower ranker: the score is the sum of each tower's logit."""

    def __init__(self, dim: int = 16, towers: int = 3):
        super().__init__()
        self.towers = nn.ModuleList(nn.Sequential(nn.Linear(dim, 8), nn.ReLU(), nn.Linear(8, 1)) for _ in range(towers))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return sum(tower(x) for tower in self.towers).squeeze(-1)  # breaks: script


def inputs():
    torch.manual_seed(6307)
    return [(torch.randn(4, 16),), (torch.randn(9, 16),)]
