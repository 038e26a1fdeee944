# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class CenterKeep(nn.Module):
    """Keeps the central fraction of the time axis."""

    def __init__(self, dim=6, keep=0.6):
        super().__init__()
        self.keep = keep
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        width = round(self.keep * x.shape[1])
        start = (x.shape[1] - width) // 2
        return self.fc(x.narrow(1, start, width)).mean(1)


Model = CenterKeep


def inputs():
    torch.manual_seed(4629)
    return [(torch.randn(2, 10, 6),), (torch.randn(2, 7, 6),)]
