import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        param = next(self.parameters())
        x = x.to(dtype=param.dtype, device=param.device)
        return self.fc(x)


def inputs():
    return [(torch.randn(2, 8, dtype=torch.float64),), (torch.randn(3, 8, dtype=torch.float64),)]
