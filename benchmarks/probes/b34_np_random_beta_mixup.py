import numpy as np
import torch
import torch.nn as nn


class MixupBackbone(nn.Module):
    def __init__(self, dim=10, alpha=0.4):
        super().__init__()
        self.alpha = alpha
        self.body = nn.Sequential(nn.Linear(dim, 16), nn.ReLU(), nn.Linear(16, 4))

    def forward(self, x):
        lam = float(np.random.beta(self.alpha, self.alpha))
        mixed = lam * x + (1.0 - lam) * x.flip(0)
        return self.body(mixed)


Model = MixupBackbone


def inputs():
    torch.manual_seed(3409)
    np.random.seed(3409)
    return [(torch.randn(4, 10),), (torch.randn(2, 10),)]
