# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class UpcastAttention(nn.Module):
    """Attention that can switch autocast off for the score computation (upcast_attention)."""

    def __init__(self, dim: int = 8, upcast_attention: bool = True):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.upcast_attention = upcast_attention
        self.scale = dim**-0.5

    def forward(self, x: Tensor) -> Tensor:
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        with torch.autocast(device_type="cpu", enabled=not self.upcast_attention):
            scores = (q.float() @ k.float().transpose(-2, -1)) * self.scale
            attn = scores.softmax(dim=-1)
        return attn.to(v.dtype) @ v


Model = UpcastAttention


def inputs():
    torch.manual_seed(4102)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 6, 8),)]
