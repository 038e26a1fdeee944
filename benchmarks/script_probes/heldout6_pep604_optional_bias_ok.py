# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class RelativeBias(nn.Module):
    def __init__(self, heads: int, n: int):
        super().__init__()
        self.table = nn.Parameter(torch.randn(heads, n, n) * 0.02)

    def forward(self, scores: torch.Tensor, mask: torch.Tensor | None = None) -> torch.Tensor:
        n = scores.shape[-1]
        scores = scores + self.table[:, :n, :n]
        if mask is not None:
            scores = scores.masked_fill(mask, -1e4)
        return scores.softmax(-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.bias = RelativeBias(2, 6)

    def forward(self, q, k):
        scores = q @ k.transpose(-1, -2)
        return self.bias(scores, None)


def inputs():
    return [
        (torch.randn(1, 2, 3, 4), torch.randn(1, 2, 3, 4)),
        (torch.randn(2, 2, 5, 4), torch.randn(2, 2, 5, 4)),
    ]
