import torch
from torch import nn


def model_forward(self, x):
    if x.shape[0] > 2:
        x = x - x.mean(0, keepdim=True)
    return self.fc(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(1, 4),), (torch.randn(5, 4),)]
