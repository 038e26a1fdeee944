import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        weights = torch.tensor([w / 2 for w in x.sum(dim=1).tolist()])  # breaks: compile,trace
        return self.fc(x) * weights[:, None]


def inputs():
    return [(torch.randn(3, 8),), (torch.randn(3, 8) * 3,)]
