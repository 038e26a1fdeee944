import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, *feats):
        total = feats[0]
        for f in feats[1:]:
            total = total + f
        return self.fc(total)


def inputs():
    return [
        (torch.randn(2, 8), torch.randn(2, 8), torch.randn(2, 8)),
        (torch.randn(3, 8), torch.randn(3, 8), torch.randn(3, 8)),
    ]
