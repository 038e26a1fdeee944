# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


@torch.jit.script_if_tracing
def paste_rows(rows: List[Tensor], width: int) -> Tensor:
    out = torch.zeros(len(rows), width)
    for i, r in enumerate(rows):
        n = min(r.shape[0], width)
        out[i, :n] = r[:n]
    return out


class RowPacker(nn.Module):
    def __init__(self, width: int = 5):
        super().__init__()
        self.width = width

    def forward(self, x: Tensor) -> Tensor:
        rows = [x[i, : i + 2] for i in range(x.shape[0])]
        return paste_rows(rows, self.width)


Model = RowPacker


def inputs():
    torch.manual_seed(1938)
    return [(torch.randn(3, 6),), (torch.randn(2, 4),)]
