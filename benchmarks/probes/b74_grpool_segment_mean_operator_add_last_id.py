# ruff: noqa  (a probe is written as users write models)
import operator

import torch
import torch.nn as nn


def num_segments(batch: torch.Tensor) -> int:
    # batch is sorted: the last graph id plus one is the number of graphs
    return operator.add(int(batch[-1]), 1)  # breaks: compile,export,trace,script


def segment_mean(x: torch.Tensor, batch: torch.Tensor) -> torch.Tensor:
    n = num_segments(batch)
    total = x.new_zeros(n, x.shape[1]).index_add_(0, batch, x)
    count = x.new_zeros(n).index_add_(0, batch, torch.ones_like(batch, dtype=x.dtype))
    return total / count.clamp_min(1).unsqueeze(1)


class Model(nn.Module):
    """Graph-level readout without torch-geometric: node states averaged per graph."""

    def __init__(self, d: int = 5):
        super().__init__()
        self.node = nn.Linear(d, d)
        self.out = nn.Linear(d, 2)

    def forward(self, x: torch.Tensor, batch: torch.Tensor) -> torch.Tensor:
        return self.out(segment_mean(torch.relu(self.node(x)), batch))


def inputs():
    torch.manual_seed(7421)
    return [
        (torch.randn(7, 5), torch.tensor([0, 0, 0, 1, 1, 2, 2])),
        (torch.randn(7, 5), torch.tensor([0, 0, 1, 1, 1, 1, 1])),
    ]
