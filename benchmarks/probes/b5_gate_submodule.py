import torch
from torch import nn


class Router(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.score = nn.Linear(dim, 1)
        self.easy = nn.Linear(dim, dim)
        self.hard = nn.Sequential(nn.Linear(dim, dim), nn.Tanh(), nn.Linear(dim, dim))

    def forward(self, x):
        confidence = torch.sigmoid(self.score(x)).mean()
        if confidence > 0.5:  # breaks: compile,export,trace
            return self.easy(x)
        return self.hard(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = Router()

    def forward(self, x):
        return self.router(x) + x


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8) * 4,), (-torch.randn(2, 8) * 4,), (torch.randn(2, 8) * 4 - 2,)]
