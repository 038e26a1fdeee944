# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Quantile regression with one head per quantile; the head outputs are re-ordered by their
    batch mean so that the returned quantiles never cross."""

    def __init__(self, dim: int = 5, n_q: int = 3):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, 8), nn.ReLU())
        self.heads = nn.ModuleList([nn.Linear(8, 1) for _ in range(n_q)])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.body(x)
        outs = [head(h) for head in self.heads]
        outs = sorted(outs, key=lambda t: t.mean().item())  # breaks: compile,export,trace,script
        return torch.cat(outs, -1)


def inputs():
    torch.manual_seed(7026)
    return [(torch.randn(4, 5),), (torch.randn(4, 5) * 10 - 5,), (torch.randn(4, 5) * 10 + 5,)]
