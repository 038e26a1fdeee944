import torch
from torch import nn

ACTIVATIONS = {}


class Tap(nn.Module):
    def __init__(self, name):
        super().__init__()
        self.name = name

    def forward(self, x):
        ACTIVATIONS[self.name] = x.detach()
        return x


class Model(nn.Module):
    def __init__(self, dim=10):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, dim), Tap("fc1"), nn.ReLU(), nn.Linear(dim, 4), Tap("fc2"))

    def forward(self, x):
        out = self.body(x)
        return out + ACTIVATIONS["fc1"].mean()


def inputs():
    torch.manual_seed(6)
    return [(torch.randn(2, 10),), (torch.randn(2, 10),)]
