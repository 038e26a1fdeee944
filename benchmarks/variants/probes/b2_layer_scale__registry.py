import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim: int, init_values: float = 1e-5, drop_path: float = 0.0):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.gamma = nn.Parameter(init_values * torch.ones(dim)) if init_values > 0 else None
        self.drop_path = drop_path

    def forward(self, x):
        y = self.fc(x)
        if self.gamma is not None:
            y = y * self.gamma
        if self.training and self.drop_path > 0.0:
            keep = torch.rand(x.shape[0], 1) > self.drop_path
            y = y * keep / (1 - self.drop_path)
        return x + y


class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(4) for _ in range(2)])

    def forward(self, x):
        return self.blocks(x)


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, x):
        return self.block(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
