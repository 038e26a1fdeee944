import torch
from torch import nn


def model_forward(self, x):
    if torch.isnan(x).any():
        x = torch.nan_to_num(x, nan=0.0)
    return self.fc(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)

    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(2, 3),), (torch.tensor([[float("nan"), 1.0, 2.0]]),)]
