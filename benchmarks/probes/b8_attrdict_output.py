import torch
from torch import nn


class AttrDict(dict):
    def __getattr__(self, name):
        return self[name]


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.enc = nn.Linear(dim, dim)
        self.dec = nn.Linear(dim, dim)

    def forward(self, x):
        z = self.enc(x)
        return AttrDict(latent=z, recon=self.dec(z))  # breaks: export,trace


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
