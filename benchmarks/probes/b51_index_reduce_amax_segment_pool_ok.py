# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class SegmentMaxPool(nn.Module):
    """Graph readout: max over the nodes of each graph, with a fixed number of graphs."""

    def __init__(self, d: int = 6, num_graphs: int = 3):
        super().__init__()
        self.num_graphs = num_graphs
        self.node = nn.Linear(d, d)
        self.out = nn.Linear(d, 2)

    def forward(self, x: Tensor, batch: Tensor) -> Tensor:
        h = torch.relu(self.node(x))
        pooled = h.new_zeros(self.num_graphs, h.shape[-1])
        pooled = pooled.index_reduce(0, batch, h, "amax", include_self=False)
        return self.out(pooled)


Model = SegmentMaxPool


def inputs():
    torch.manual_seed(5119)
    return [
        (torch.randn(7, 6), torch.tensor([0, 0, 1, 1, 1, 2, 2])),
        (torch.randn(5, 6), torch.tensor([0, 1, 1, 2, 2])),
    ]
