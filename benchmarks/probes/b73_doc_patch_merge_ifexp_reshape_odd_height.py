# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Document-image encoder stage that merges vertically adjacent patch rows; an odd last
    row is dropped before the merge."""

    def __init__(self, dim: int = 4):
        super().__init__()
        self.reduce = nn.Linear(2 * dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, h, w, c = x.shape
        pairs = x.reshape(b, h // 2, 2, w, c) if h % 2 == 0 else x[:, : h - 1].reshape(b, h // 2, 2, w, c)  # breaks: trace
        merged = pairs.permute(0, 1, 3, 2, 4).reshape(b, h // 2, w, 2 * c)
        return self.reduce(merged)


def inputs():
    torch.manual_seed(7323)
    return [(torch.randn(1, 4, 3, 4),), (torch.randn(1, 5, 3, 4),)]
