# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Early-exit block written without leaving the graph: the 'confident' decision stays a
    tensor and torch.where picks the branch."""

    def __init__(self, d: int = 12):
        super().__init__()
        self.conf = nn.Linear(d, 1)
        self.refine = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, d))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        confident = (torch.sigmoid(self.conf(x)) > 0.5).any()
        return torch.where(confident, x, x + self.refine(x))


def inputs():
    torch.manual_seed(6421)
    return [(torch.randn(4, 12) + 3,), (torch.randn(4, 12) - 3,)]
