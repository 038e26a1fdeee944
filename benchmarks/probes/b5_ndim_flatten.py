import torch
from torch import nn


class Pool(nn.Module):
    def forward(self, x):
        if x.ndim == 4:
            x = x.flatten(2).transpose(1, 2)
        return x.mean(dim=1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = Pool()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(self.pool(x))


def inputs():
    return [(torch.randn(2, 4, 3, 3),), (torch.randn(3, 4, 5, 2),)]
