import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class WindowPool(nn.Module):
    def __init__(self, dim=8, window=4):
        super().__init__()
        self.window = window
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        b, t, d = x.shape
        n_win = math.ceil(t / self.window)  # breaks: trace
        x = F.pad(x, (0, 0, 0, n_win * self.window - t))
        x = x.view(b, n_win, self.window, d).mean(dim=2)
        return self.proj(x)


Model = WindowPool


def inputs():
    torch.manual_seed(348)
    return [(torch.randn(2, 10, 8),), (torch.randn(2, 13, 8),)]
