import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 8, slope: float = 0.1):
        super().__init__()
        self.fc = tnn.Linear(dim, dim)
        self.slope = slope

    def forward(self, x, pad_mask):
        h = self.fc(x)
        h = T.where(h > 0, h, self.slope * h)
        h = h.masked_fill(pad_mask[..., None], 0.0)
        denom = (~pad_mask).sum(dim=1, keepdim=True).clamp(min=1)
        return h.sum(dim=1) / denom


def inputs():
    return [
        (T.randn(2, 3, 8), T.tensor([[False, False, True], [False, True, True]])),
        (T.randn(3, 3, 8), T.tensor([[False] * 3, [False, False, True], [True] * 3])),
    ]
