import torch
from torch import nn


class SignCanonicalizer(nn.Module):
    """Makes eigen-style features sign invariant before the MLP."""

    def __init__(self, k=6, hidden=12):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(k, hidden), nn.ReLU(), nn.Linear(hidden, 4))

    def forward(self, vecs: torch.Tensor) -> torch.Tensor:
        vecs = -vecs if vecs.sum() < 0 else vecs  # breaks: compile,export,trace
        return self.mlp(vecs)


Model = SignCanonicalizer


def inputs():
    torch.manual_seed(333)
    v = torch.rand(5, 6)
    return [(v,), (-v,), (torch.rand(7, 6) - 0.8,)]
