import torch
from torch import nn


class Inner(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        if x.dim() == 2:  # breaks: trace
            x = x.unsqueeze(1)
        h = self.fc(x)
        return h.mean(dim=1)


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, x):
        return self.block(x)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
