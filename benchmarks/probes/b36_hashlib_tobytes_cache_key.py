# ruff: noqa  (a probe is written as users write models)
import hashlib

import torch
import torch.nn as nn


class CachedEncoder(nn.Module):
    """Memoises encoder outputs keyed by a content hash of the input."""

    def __init__(self, dim=8):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(dim, 16), nn.GELU(), nn.Linear(16, dim))
        self._cache = {}

    @staticmethod
    def _key(x):
        return hashlib.sha1(x.detach().cpu().numpy().tobytes()).hexdigest()

    def forward(self, x):
        key = self._key(x)
        if key not in self._cache:
            self._cache[key] = self.enc(x)
        return self._cache[key] + x


Model = CachedEncoder


def inputs():
    torch.manual_seed(3601)
    return [(torch.randn(2, 8),), (torch.randn(2, 8),), (torch.randn(3, 8),)]
