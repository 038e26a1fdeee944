# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def propagate(layers: nn.ModuleList, x: Tensor, adj: Tensor) -> Tensor:
    # one round of neighbourhood averaging per layer
    for layer in layers:
        x = torch.relu(layer(adj @ x))
    return x


class GraphEncoder(nn.Module):
    """Small GCN: the message-passing loop lives in a module-level helper given the layers."""

    def __init__(self, dim: int = 6, depth: int = 3):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])
        self.readout = nn.Linear(dim, 2)

    def forward(self, x, adj):
        h = propagate(self.layers, x, adj)
        return self.readout(h.mean(0))


Model = GraphEncoder


def inputs():
    torch.manual_seed(2804)
    return [
        (torch.randn(5, 6), torch.randn(5, 5).softmax(-1)),
        (torch.randn(3, 6), torch.randn(3, 3).softmax(-1)),
    ]
