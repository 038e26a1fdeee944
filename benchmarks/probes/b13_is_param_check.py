import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8, learn_scale: bool = True):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        scale = torch.ones(dim)
        if learn_scale:
            self.scale = nn.Parameter(scale)
        else:
            self.register_buffer("scale", scale)

    def forward(self, x):
        h = self.fc(x)
        if isinstance(self.scale, nn.Parameter):
            h = h * self.scale
        return h


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
