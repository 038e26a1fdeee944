import torch
from torch import nn


def model_forward(self, x):
    act = lambda t: t * torch.sigmoid(t)
    return act(self.lin(x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(5, 5)

    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(2, 5),), (torch.randn(4, 5),)]
