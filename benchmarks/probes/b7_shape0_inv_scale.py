import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        seq_len = x.shape[1]
        inv = 1.0 / seq_len
        return F.relu(self.fc(x)).sum(1) * inv


def inputs():
    return [(torch.randn(2, 4, 8),), (torch.randn(2, 9, 8),)]
