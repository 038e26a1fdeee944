import torch
from torch import nn


class TapEncoder(nn.Module):
    def __init__(self, dim=8, depth=2):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(dim, dim) for _ in range(depth))
        self.taps = []

    def forward(self, x):
        for layer in self.layers:
            x = torch.tanh(layer(x))
        self.taps.append(x.detach())
        return x


Model = TapEncoder


def inputs():
    torch.manual_seed(16)
    return [(torch.randn(2, 8),), (torch.randn(6, 8) * 3,)]
