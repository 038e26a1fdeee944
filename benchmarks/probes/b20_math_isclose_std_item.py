import math
import torch
from torch import nn


class ConstantGuardNorm(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.fc(x)
        if math.isclose(h.std().item(), 0.0, abs_tol=1e-6):  # breaks: compile,export
            return h - h.mean()
        return (h - h.mean()) / h.std()


Model = ConstantGuardNorm


def inputs():
    torch.manual_seed(23)
    return [(torch.randn(2, 8),), (torch.randn(5, 8) * 4,)]
