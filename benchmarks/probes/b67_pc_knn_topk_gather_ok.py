# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def knn_indices(points: torch.Tensor, k: int) -> torch.Tensor:
    """Indices of each point's k nearest neighbours (itself included)."""
    dist = torch.cdist(points, points)
    return dist.topk(k, dim=-1, largest=False).indices


def gather_neighbours(feats: torch.Tensor, idx: torch.Tensor) -> torch.Tensor:
    b, n, k = idx.shape
    c = feats.shape[-1]
    flat = idx.reshape(b, n * k, 1).expand(b, n * k, c)
    return feats.gather(1, flat).view(b, n, k, c)


class Model(nn.Module):
    """DGCNN-style EdgeConv on a point cloud: kNN graph from coordinates, edge features
    (neighbour - centre, centre), shared MLP, max over neighbours."""

    def __init__(self, k: int = 4, c: int = 16):
        super().__init__()
        self.k = k
        self.mlp = nn.Sequential(nn.Linear(6, c), nn.ReLU(), nn.Linear(c, c))

    def forward(self, pts: torch.Tensor) -> torch.Tensor:
        idx = knn_indices(pts, self.k)
        nbrs = gather_neighbours(pts, idx)
        centre = pts.unsqueeze(2).expand_as(nbrs)
        edge = torch.cat([nbrs - centre, centre], dim=-1)
        return self.mlp(edge).amax(dim=2)


def inputs():
    torch.manual_seed(6706)
    return [(torch.randn(2, 12, 3),), (torch.randn(1, 9, 3),)]
