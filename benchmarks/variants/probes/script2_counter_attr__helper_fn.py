import torch
from torch import nn


def model_forward(self, x):
    y = self.fc(x)
    self.history.append(y.detach())
    return y


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.history = []

    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
