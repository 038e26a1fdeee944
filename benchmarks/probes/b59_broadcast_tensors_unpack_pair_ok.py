# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Pairwise interaction network (particles / graph nodes): node states are broadcast
    against each other with torch.broadcast_tensors and concatenated into edge features."""

    def __init__(self, d: int = 5):
        super().__init__()
        self.edge = nn.Sequential(nn.Linear(2 * d, 16), nn.ReLU(), nn.Linear(16, d))

    def forward(self, nodes: torch.Tensor) -> torch.Tensor:
        src, dst = torch.broadcast_tensors(nodes[:, :, None, :], nodes[:, None, :, :])
        msg = self.edge(torch.cat([src, dst], dim=-1))
        return nodes + msg.mean(dim=2)


def inputs():
    torch.manual_seed(5927)
    return [(torch.randn(2, 4, 5),), (torch.randn(1, 7, 5),)]
