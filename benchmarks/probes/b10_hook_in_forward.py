import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        handle = self.fc.register_forward_hook(lambda mod, args, out: out * 2.0)  # breaks: compile
        h = self.fc(x)
        handle.remove()
        return self.out(h)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
