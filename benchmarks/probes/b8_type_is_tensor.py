import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x, bias=0.5):
        if type(bias) is torch.Tensor:
            bias = bias.to(x.dtype)
        return self.fc(x) + bias


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
