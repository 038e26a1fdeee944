# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class TokenPooler(nn.Module):
    def __init__(self, num_prefix: int = 1, dim: int = 4):
        super().__init__()
        self.keep = slice(num_prefix, None)
        self.norm = nn.LayerNorm(dim)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        patches = tokens[:, self.keep]
        return self.norm(patches.mean(1))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = TokenPooler()

    def forward(self, tokens):
        return self.pool(tokens)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 5, 4),), (torch.randn(3, 7, 4),)]
