# ruff: noqa  (a probe is written as users write models)
from typing import Final

import torch
import torch.nn as nn
from torch import Tensor


class RelativeBias(nn.Module):
    """T5-style relative position bias with the bucket count declared Final on the class."""

    num_buckets: Final[int]

    def __init__(self, heads: int = 2, num_buckets: int = 8):
        super().__init__()
        self.num_buckets = num_buckets
        self.bias = nn.Embedding(num_buckets, heads)

    def forward(self, q_len: int, k_len: int) -> Tensor:
        rel = torch.arange(k_len)[None, :] - torch.arange(q_len)[:, None]
        buckets = rel.abs().clamp(max=self.num_buckets - 1)
        return self.bias(buckets).permute(2, 0, 1)


Model = RelativeBias


def inputs():
    return [(3, 4), (5, 2)]
