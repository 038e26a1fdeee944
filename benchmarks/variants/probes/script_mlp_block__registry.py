import torch
from torch import nn


class Inner(nn.Module):
    def __init__(self, dim: int = 8, hidden: int = 16, p: float = 0.1):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)
        self.norm = nn.LayerNorm(dim)
        self.drop = nn.Dropout(p)

    def forward(self, x):
        h = self.fc2(self.drop(torch.nn.functional.gelu(self.fc1(self.norm(x)))))
        return x + h


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, x):
        return self.block(x)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
