# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.func import vmap


class PerSampleMixer(nn.Module):
    """Applies a per-sample token-mixing function with torch.func.vmap over the batch."""

    def __init__(self, dim=8):
        super().__init__()
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, dim)

    @staticmethod
    def _mix(q, k, v):
        w = torch.softmax(q @ k.transpose(0, 1) / q.shape[-1] ** 0.5, dim=-1)
        return w @ v

    def forward(self, x):  # (B, T, D)
        return vmap(self._mix)(self.q(x), self.k(x), x)


Model = PerSampleMixer


def inputs():
    torch.manual_seed(4012)
    return [(torch.randn(3, 5, 8),), (torch.randn(3, 5, 8),), (torch.randn(2, 7, 8),)]
