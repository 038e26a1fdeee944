import torch
from torch import nn


class HaltingLayer(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.ff = nn.Linear(dim, dim)
        self.halt = nn.Linear(dim, 1)

    def forward(self, x, running):
        x = torch.where(running[:, None], x + torch.tanh(self.ff(x)), x)
        still = running & (torch.sigmoid(self.halt(x)).squeeze(-1) < 0.5)
        return x, still


class Model(nn.Module):
    def __init__(self, depth: int = 4):
        super().__init__()
        self.layers = nn.ModuleList([HaltingLayer() for _ in range(depth)])

    def forward(self, x):
        running = torch.ones(x.shape[0], dtype=torch.bool)
        for layer in self.layers:
            if not running.any():  # breaks: compile,export
                break
            x, running = layer(x, running)
        return x


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(4, 8),), (torch.randn(4, 8) * 6,), (-torch.randn(4, 8) * 6,)]
