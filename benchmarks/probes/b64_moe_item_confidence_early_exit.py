# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Early-exit block: when the confidence head's mean score is high the expensive
    refinement branch is skipped, decided with .item()."""

    def __init__(self, d: int = 12):
        super().__init__()
        self.conf = nn.Linear(d, 1)
        self.refine = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, d))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        c = torch.sigmoid(self.conf(x)).mean()
        if c.item() > 0.5:  # breaks: compile,export,trace
            return x
        return x + self.refine(x)


def inputs():
    torch.manual_seed(6412)
    return [(torch.randn(4, 12) + 3,), (torch.randn(4, 12) - 3,)]
