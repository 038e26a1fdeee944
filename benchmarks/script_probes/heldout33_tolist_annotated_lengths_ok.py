# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class LastStepReadout(nn.Module):
    """Reads each padded sequence's last valid step; the lengths are converted once, with the
    element type spelled out."""

    def __init__(self, dim: int = 6):
        super().__init__()
        self.rnn = nn.GRU(dim, dim, batch_first=True)

    def _last_steps(self, out: Tensor, lengths: Tensor) -> Tensor:
        lens: List[int] = lengths.tolist()
        rows = [out[i, n - 1] for i, n in enumerate(lens)]
        return torch.stack(rows)

    def forward(self, x: Tensor, lengths: Tensor) -> Tensor:
        out, _ = self.rnn(x)
        return self._last_steps(out, lengths)


Model = LastStepReadout


def inputs():
    torch.manual_seed(3303)
    return [
        (torch.randn(3, 5, 6), torch.tensor([5, 2, 3])),
        (torch.randn(2, 4, 6), torch.tensor([1, 4])),
    ]
