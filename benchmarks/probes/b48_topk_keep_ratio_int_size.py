# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TopKSparseAttention(nn.Module):
    def __init__(self, dim: int = 8, keep_ratio: float = 0.5):
        super().__init__()
        self.keep_ratio = keep_ratio
        self.scale = dim ** -0.5

    def forward(self, q, k, v):
        scores = q @ k.transpose(-2, -1) * self.scale
        top = max(1, int(scores.size(-1) * self.keep_ratio))
        thresh = scores.topk(top, dim=-1).values[..., -1:]
        scores = scores.masked_fill(scores < thresh, float("-inf"))
        return scores.softmax(-1) @ v


Model = TopKSparseAttention


def inputs():
    torch.manual_seed(4809)
    a = [torch.randn(2, 6, 8) for _ in range(3)]
    b = [torch.randn(2, 10, 8) for _ in range(3)]
    return [tuple(a), tuple(b)]
