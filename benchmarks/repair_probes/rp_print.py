import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        out = self.fc(x)
        print("out", out.shape)
        return out


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
