import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        if isinstance(x, (list, tuple)):
            x = torch.cat(list(x), dim=-1)
        if not torch.is_tensor(x):
            raise TypeError("expected a tensor")
        return self.fc(x)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
