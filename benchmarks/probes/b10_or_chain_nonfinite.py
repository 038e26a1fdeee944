import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        if torch.isnan(x).any() or torch.isinf(x).any():  # breaks: compile,export,trace
            x = torch.nan_to_num(x, nan=0.0, posinf=1.0, neginf=-1.0)
        return self.fc(x)


def inputs():
    bad = torch.randn(2, 8)
    bad[0, 3] = float("nan")
    bad[1, 5] = float("inf")
    return [(torch.randn(2, 8),), (bad,)]
