import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, 4)

    def forward(self, x):
        has_nan = bool(torch.isnan(x).any())  # breaks: compile,export,trace
        if has_nan:  # breaks: compile
            x = torch.nan_to_num(x, nan=0.0)
        return self.fc(x)


def inputs():
    bad = torch.randn(3, 8)
    bad[1, 2] = float("nan")
    return [(torch.randn(3, 8),), (bad,)]
