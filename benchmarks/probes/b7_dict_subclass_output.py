import torch
from torch import nn


class ModelOutput(dict):
    def __getattr__(self, name):
        return self[name]


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.enc = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, 2)

    def forward(self, x):
        hidden = self.enc(x).tanh()
        return ModelOutput(hidden=hidden, logits=self.head(hidden))  # breaks: export,trace


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
