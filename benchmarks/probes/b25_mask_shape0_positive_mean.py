import torch
import torch.nn as nn


class PositiveMeanPool(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.enc = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.enc(x)
        pos = h[h > 0]  # breaks: compile
        n_pos = pos.shape[0]
        return pos.sum() / (n_pos + 1)


Model = PositiveMeanPool


def inputs():
    torch.manual_seed(10)
    return [(torch.randn(4, 6),), (torch.randn(4, 6) + 1,), (torch.randn(4, 6) - 1,)]
