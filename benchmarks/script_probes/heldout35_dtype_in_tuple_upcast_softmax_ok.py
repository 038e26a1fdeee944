# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def stable_softmax(scores: Tensor, dim: int = -1) -> Tensor:
    if scores.dtype in (torch.float16, torch.bfloat16):
        return scores.float().softmax(dim).to(scores.dtype)
    return scores.softmax(dim)


class Attention(nn.Module):
    """Attention that upcasts half-precision scores to float32 for the softmax."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3)

    def forward(self, x: Tensor) -> Tensor:
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = stable_softmax(q @ k.transpose(-2, -1) / 8**0.5)
        return attn @ v


Model = Attention


def inputs():
    torch.manual_seed(3519)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 3, 8).bfloat16(),)]
