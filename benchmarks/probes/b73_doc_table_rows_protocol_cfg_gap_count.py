# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass
from typing import Protocol

import torch
import torch.nn as nn


class RowCfg(Protocol):
    row_gap: float
    dim: int


@dataclass
class TableCfg:
    row_gap: float = 0.15
    dim: int = 6


class Model(nn.Module):
    """Table-structure head: text boxes sorted top to bottom are grouped into rows wherever
    the vertical gap exceeds the configured threshold; returns one pooled vector per row."""

    def __init__(self, cfg: RowCfg = TableCfg()):
        super().__init__()
        self.cfg = cfg
        self.proj = nn.Linear(4, cfg.dim)

    def forward(self, boxes: torch.Tensor) -> torch.Tensor:
        y = boxes[:, 1]
        order = y.argsort()
        boxes, y = boxes[order], y[order]
        new_row = torch.cat([y.new_zeros(1, dtype=torch.long), (y[1:] - y[:-1] > self.cfg.row_gap).long()])  # breaks: script
        row_id = new_row.cumsum(0)
        n_rows = int(row_id[-1]) + 1  # breaks: compile,export,trace
        pooled = torch.zeros(n_rows, self.cfg.dim).index_add_(0, row_id, self.proj(boxes))
        return pooled / torch.bincount(row_id, minlength=n_rows).unsqueeze(1)  # breaks: compile


def inputs():
    torch.manual_seed(7322)
    a = torch.tensor([[0.1, 0.10, 0.2, 0.02], [0.5, 0.12, 0.2, 0.02], [0.1, 0.5, 0.2, 0.02], [0.5, 0.52, 0.2, 0.02]])
    b = torch.tensor([[0.1, 0.10, 0.2, 0.02], [0.5, 0.32, 0.2, 0.02], [0.1, 0.55, 0.2, 0.02], [0.5, 0.90, 0.2, 0.02]])
    return [(a,), (b,)]
