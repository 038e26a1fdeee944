import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self._masks = {}

    def _causal(self, t):
        key = hash((t, t))
        if key not in self._masks:
            self._masks[key] = torch.ones(t, t, dtype=torch.bool).tril()
        return self._masks[key]

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        att = (q @ k.transpose(-1, -2)).masked_fill(~self._causal(x.shape[1]), float("-inf"))
        return att.softmax(-1) @ v


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(2, 5, 8),)]
