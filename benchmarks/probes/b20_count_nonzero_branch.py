import torch
from torch import nn


class DropoutRecovery(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.fallback = nn.Parameter(torch.zeros(dim))

    def forward(self, x):
        h = torch.relu(self.lin(x))
        if torch.count_nonzero(h) > 0:  # breaks: compile,export
            return h / h.sum(dim=-1, keepdim=True).clamp_min(1e-6)
        return h + self.fallback


Model = DropoutRecovery


def inputs():
    torch.manual_seed(11)
    return [(torch.randn(4, 8),), (-torch.ones(2, 8) * 50,)]
