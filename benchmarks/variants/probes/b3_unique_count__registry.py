import torch
from torch import nn


class Inner(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x, labels):
        n_classes = torch.unique(labels).numel()
        h = self.fc(x)
        return h.sum(0) / n_classes


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, x, labels):
        return self.block(x, labels)


def inputs():
    return [
        (torch.randn(4, 8), torch.tensor([0, 1, 1, 2])),
        (torch.randn(5, 8), torch.tensor([3, 3, 3, 3, 1])),
    ]
