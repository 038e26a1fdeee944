import torch
from torch import nn


class Model(nn.Module):
    """Picks a temperature from a schedule by how many tokens are active."""

    def __init__(self, dim=8):
        super().__init__()
        self.scales = [1.0, 0.9, 0.75, 0.6, 0.5, 0.4]
        self.ff = nn.Sequential(nn.Linear(dim, dim), nn.GELU())

    def forward(self, x, active):
        n_active = active.sum()
        scale = self.scales[n_active]  # breaks: compile,export,trace
        return self.ff(x) * scale


def inputs():
    torch.manual_seed(2)
    return [
        (torch.randn(5, 8), torch.tensor([1, 0, 1, 1, 0])),
        (torch.randn(5, 8), torch.tensor([0, 0, 1, 0, 0])),
    ]
