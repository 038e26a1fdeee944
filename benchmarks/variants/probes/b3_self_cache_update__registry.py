import torch
from torch import nn


class Inner(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.momentum = 0.9
        self.register_buffer("running", torch.zeros(dim))
        self.calls = 0

    def forward(self, x):
        h = self.fc(x)
        self.calls += 1  # breaks: export,trace
        scale = 1.0 / self.calls
        return h * scale + self.running


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, x):
        return self.block(x)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(2, 8),)]
