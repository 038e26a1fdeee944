# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class MeanAggr(nn.Module):
    def forward(self, x, edge_index):
        src, dst = edge_index[0], edge_index[1]
        num_nodes = edge_index.max().item() + 1  # breaks: compile,trace
        out = torch.zeros(num_nodes, x.shape[-1])
        out = out.index_add(0, dst, x[src])
        deg = torch.zeros(num_nodes).index_add(0, dst, torch.ones(dst.shape[0]))
        return out / deg.clamp_min(1).unsqueeze(-1)


class Model(nn.Module):
    """One message-passing layer of a graph network: node count inferred from the largest
    node id in the edge list, messages mean-aggregated at the destination."""

    def __init__(self, d: int = 5):
        super().__init__()
        self.lin = nn.Linear(d, d)
        self.aggr = MeanAggr()

    def forward(self, x: torch.Tensor, edge_index: torch.Tensor) -> torch.Tensor:
        return self.aggr(self.lin(x), edge_index).relu()


def inputs():
    torch.manual_seed(6511)
    return [
        (torch.randn(6, 5), torch.tensor([[0, 1, 2, 3, 4], [1, 2, 3, 4, 5]])),
        (torch.randn(6, 5), torch.tensor([[0, 1, 2, 0], [1, 2, 3, 2]])),
    ]
