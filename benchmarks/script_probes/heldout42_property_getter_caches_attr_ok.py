# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class RelPosBias(nn.Module):
    """Relative-position bias whose index table is built lazily by a property the first time it is read."""

    def __init__(self, window: int = 4, heads: int = 2):
        super().__init__()
        self.window = window
        self.table = nn.Parameter(torch.randn(2 * window - 1, heads) * 0.02)
        self._index = torch.zeros(0, dtype=torch.long)

    @property
    def rel_index(self) -> Tensor:
        if self._index.numel() == 0:
            pos = torch.arange(self.window)
            self._index = pos[:, None] - pos[None, :] + self.window - 1
        return self._index

    def forward(self, attn: Tensor) -> Tensor:
        bias = self.table[self.rel_index].permute(2, 0, 1)
        return attn + bias


Model = RelPosBias


def inputs():
    torch.manual_seed(4217)
    return [(torch.randn(3, 2, 4, 4),), (torch.randn(1, 2, 4, 4),)]
