import torch
from torch import nn


def model_forward(self, x, temperature=1.0):
    return (self.head(x) / temperature).log_softmax(-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(6, 4)

    def forward(self, x, temperature=1.0):
        return model_forward(self, x, temperature)


def inputs():
    return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
