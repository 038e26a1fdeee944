# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class ScaledDotAttention(nn.Module):
    """Attention whose 1/sqrt(d) scale is computed with numpy in float32."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.scale = np.float32(1.0) / np.sqrt(np.float32(dim))

    def forward(self, x: Tensor) -> Tensor:
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = F.softmax(q @ k.transpose(-2, -1) * self.scale, dim=-1)
        return attn @ v


Model = ScaledDotAttention


def inputs():
    torch.manual_seed(3027)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 6, 8),)]
