# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class BaseAttention(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.scale = dim**-0.5

    def _scores(self, q: Tensor, k: Tensor) -> Tensor:
        return (q @ k.transpose(-2, -1)) * self.scale

    def forward(self, x: Tensor) -> Tensor:
        q, k, v = self.qkv(x).chunk(3, -1)
        return self._scores(q, k).softmax(-1) @ v


class CausalAttention(BaseAttention):
    """Overrides the score helper to add a causal mask on top of the parent's scores."""

    def _scores(self, q: Tensor, k: Tensor) -> Tensor:
        scores = BaseAttention._scores(self, q, k)
        n = scores.size(-1)
        mask = torch.ones(n, n, dtype=torch.bool, device=scores.device).triu(1)
        return scores.masked_fill(mask, float("-inf"))


Model = CausalAttention


def inputs():
    torch.manual_seed(3318)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 6, 8),)]
