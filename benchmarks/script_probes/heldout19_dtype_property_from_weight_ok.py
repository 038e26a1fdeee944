# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class TimestepEmbedding(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.linear = nn.Linear(dim, dim)
        self.dim = dim

    @property
    def dtype(self) -> torch.dtype:
        return self.linear.weight.dtype

    def forward(self, t: Tensor) -> Tensor:
        half = self.dim // 2
        freqs = torch.exp(-torch.arange(half, dtype=torch.float32) / half)
        args = t[:, None].float() * freqs[None]
        emb = torch.cat([args.cos(), args.sin()], dim=-1)
        return self.linear(emb.to(self.dtype))


Model = TimestepEmbedding


def inputs():
    torch.manual_seed(1936)
    return [(torch.tensor([1, 5]),), (torch.tensor([0, 3, 9]),)]
