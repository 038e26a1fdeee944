# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Halting(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.p = nn.Linear(dim, 1)

    def forward(self, h: torch.Tensor) -> torch.Tensor:
        return torch.sigmoid(self.p(h)).squeeze(-1)


class Model(nn.Module):
    """Adaptive computation time: ponder a shared cell until every sample's halting mass reaches
    1 - eps (or max_steps)."""

    def __init__(self, dim: int = 8, max_steps: int = 6, eps: float = 0.05):
        super().__init__()
        self.cell = nn.GRUCell(dim, dim)
        self.halt = Halting(dim)
        self.max_steps = max_steps
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = torch.zeros_like(x)
        cum = x.new_zeros(x.size(0))
        out = torch.zeros_like(x)
        step = 0
        while bool((cum < 1 - self.eps).any()) and step < self.max_steps:  # breaks: compile,export,trace
            h = self.cell(x, h)
            p = self.halt(h) * (cum < 1 - self.eps).to(x.dtype)
            out = out + p.unsqueeze(-1) * h
            cum = cum + p
            step += 1
        return out


def inputs():
    torch.manual_seed(0)
    calm = torch.randn(3, 8)
    torch.manual_seed(1)
    loud = torch.randn(3, 8) * 4
    return [(calm,), (loud,)]
