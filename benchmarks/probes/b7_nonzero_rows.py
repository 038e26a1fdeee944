import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x, valid):
        idx = torch.nonzero(valid).squeeze(1)
        return self.fc(x[idx]).sum(0)


def inputs():
    return [
        (torch.randn(4, 8), torch.tensor([1, 0, 1, 0])),
        (torch.randn(4, 8), torch.tensor([1, 1, 1, 0])),
    ]
