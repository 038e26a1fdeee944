# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Token pruner: keeps only the rows whose gate is open, found with nonzero, and
    projects them."""

    def __init__(self, d: int = 8):
        super().__init__()
        self.gate = nn.Linear(d, 1)
        self.proj = nn.Linear(d, d)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        keep = torch.nonzero(self.gate(x).squeeze(-1) > 0).squeeze(-1)  # breaks: compile
        return self.proj(x.index_select(0, keep))


def inputs():
    torch.manual_seed(6417)
    return [(torch.randn(10, 8),), (torch.randn(10, 8),)]
