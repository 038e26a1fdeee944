# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class StableAttention(nn.Module):
    """Attention that computes its softmax with autocast turned off."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.scale = dim**-0.5

    def forward(self, x: Tensor) -> Tensor:
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        with torch.amp.autocast("cpu", enabled=False):
            attn = (q.float() @ k.float().transpose(-1, -2) * self.scale).softmax(-1)
        return attn.to(v.dtype) @ v


Model = StableAttention


def inputs():
    torch.manual_seed(3917)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 6, 8),)]
