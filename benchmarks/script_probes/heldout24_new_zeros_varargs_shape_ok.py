# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class PrefixTokens(nn.Module):
    def __init__(self, dim: int = 6, num_prefix: int = 2):
        super().__init__()
        self.num_prefix = num_prefix
        self.dim = dim
        self.proj = nn.Linear(dim, dim)

    def forward(self, tokens: Tensor) -> Tensor:
        b = tokens.size(0)
        prefix = tokens.new_zeros(b, self.num_prefix, self.dim)
        return self.proj(torch.cat([prefix, tokens], dim=1))


Model = PrefixTokens


def inputs():
    torch.manual_seed(2404)
    return [(torch.randn(2, 3, 6),), (torch.randn(1, 5, 6),)]
