import numpy as np
import torch
from torch import nn


class ManifoldMixupEncoder(nn.Module):
    def __init__(self, dim=10, alpha=0.4):
        super().__init__()
        self.alpha = alpha
        self.lower = nn.Linear(dim, dim)
        self.upper = nn.Linear(dim, dim)

    def forward(self, x):
        h = torch.relu(self.lower(x))
        lam = float(np.random.beta(self.alpha, self.alpha))  # breaks: compile,export,trace
        h = lam * h + (1.0 - lam) * h.flip(0)
        return self.upper(h)


Model = ManifoldMixupEncoder


def inputs():
    torch.manual_seed(17)
    np.random.seed(17)
    return [(torch.randn(4, 10),), (torch.randn(4, 10) * 2,), (torch.randn(6, 10),)]
