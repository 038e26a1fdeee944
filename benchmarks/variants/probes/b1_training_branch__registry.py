import torch
import torch.nn.functional as F
from torch import nn


class Inner(nn.Module):
    def __init__(self, p: float = 0.1):
        super().__init__()
        self.p = p
        self.fc = nn.Linear(6, 6)

    def forward(self, x):
        x = self.fc(x)
        if self.training and self.p > 0:
            x = F.dropout(x, self.p)
        return x.relu()


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, x):
        return self.block(x)


def inputs():
    return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
