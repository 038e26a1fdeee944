import torch
from torch import nn


def square_distance(src, dst):
    return (src.unsqueeze(2) - dst.unsqueeze(1)).pow(2).sum(-1)


def farthest_point_sample(xyz, npoint: int):
    b, n, _ = xyz.shape
    centroids = torch.zeros(b, npoint, dtype=torch.long, device=xyz.device)
    distance = torch.full((b, n), 1e10, device=xyz.device)
    farthest = torch.zeros(b, dtype=torch.long, device=xyz.device)
    batch_indices = torch.arange(b, device=xyz.device)
    for i in range(npoint):
        centroids[:, i] = farthest
        centroid = xyz[batch_indices, farthest].unsqueeze(1)
        dist = ((xyz - centroid) ** 2).sum(-1)
        distance = torch.minimum(distance, dist)
        farthest = distance.max(-1)[1]
    return centroids


def index_points(points, idx):
    batch = torch.arange(points.shape[0], device=points.device).view(-1, *([1] * (idx.dim() - 1)))
    return points[batch, idx]


class SetAbstraction(nn.Module):
    def __init__(self, npoint: int, nsample: int, in_dim: int, out_dim: int):
        super().__init__()
        self.npoint = npoint
        self.nsample = nsample
        self.mlp = nn.Sequential(nn.Linear(in_dim + 3, out_dim), nn.ReLU())

    def forward(self, xyz, feats):
        new_xyz = index_points(xyz, farthest_point_sample(xyz, self.npoint))
        knn = square_distance(new_xyz, xyz).topk(self.nsample, dim=-1, largest=False).indices
        grouped_xyz = index_points(xyz, knn) - new_xyz.unsqueeze(2)
        grouped = torch.cat([grouped_xyz, index_points(feats, knn)], dim=-1)
        return new_xyz, self.mlp(grouped).max(2).values


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.sa1 = SetAbstraction(npoint=4, nsample=3, in_dim=2, out_dim=8)
        self.head = nn.Linear(8, 3)

    def forward(self, xyz, feats):
        _, f = self.sa1(xyz, feats)
        return self.head(f.max(1).values)


def inputs():
    return [
        (torch.randn(2, 10, 3), torch.randn(2, 10, 2)),
        (torch.randn(1, 12, 3), torch.randn(1, 12, 2)),
    ]
