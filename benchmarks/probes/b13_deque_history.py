from collections import deque

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.history = deque(maxlen=3)

    def forward(self, x):
        h = self.fc(x)
        self.history.append(h.mean(0).detach())
        context = torch.stack(list(self.history)).mean(0)  # breaks: trace
        return h + context


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
