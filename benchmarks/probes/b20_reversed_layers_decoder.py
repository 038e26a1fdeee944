import torch
from torch import nn


class MirrorDecoder(nn.Module):
    def __init__(self, dims=(8, 12, 16)):
        super().__init__()
        self.enc = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.dec = nn.ModuleList(nn.Linear(b, a) for a, b in zip(dims[:-1], dims[1:]))

    def forward(self, x):
        for layer in self.enc:
            x = torch.relu(layer(x))
        for layer in reversed(self.dec):
            x = torch.relu(layer(x))
        return x


Model = MirrorDecoder


def inputs():
    torch.manual_seed(24)
    return [(torch.randn(2, 8),), (torch.randn(7, 8) * 2,)]
