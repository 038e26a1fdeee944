import torch as T
from torch import nn as tnn


def lengths_to_mask(lengths: T.Tensor) -> T.Tensor:
    max_len = int(lengths.max())  # breaks: compile,export,trace
    positions = T.arange(max_len, device=lengths.device)
    return positions[None, :] < lengths[:, None]


class Model(tnn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = tnn.Linear(dim, dim)

    def forward(self, x, lengths):
        mask = lengths_to_mask(lengths)
        h = self.proj(x[:, : mask.shape[1]])
        h = h * mask[..., None]
        return h.sum(1) / lengths[:, None]


def inputs():
    return [
        (T.randn(2, 6, 8), T.tensor([3, 5])),
        (T.randn(3, 6, 8), T.tensor([2, 6, 4])),
    ]
