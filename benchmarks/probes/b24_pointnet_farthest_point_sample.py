import torch
import torch.nn as nn
from torch import Tensor


def square_distance(src: Tensor, dst: Tensor) -> Tensor:
    return torch.sum((src[:, :, None] - dst[:, None]) ** 2, dim=-1)


def index_points(points: Tensor, idx: Tensor) -> Tensor:
    batch = torch.arange(points.shape[0], device=points.device).view(-1, *([1] * (idx.dim() - 1)))
    return points[batch, idx]


def farthest_point_sample(xyz: Tensor, npoint: int) -> Tensor:
    B, N, _ = xyz.shape
    centroids = torch.zeros(B, npoint, dtype=torch.long, device=xyz.device)
    distance = torch.full((B, N), 1e10, device=xyz.device)
    farthest = torch.zeros(B, dtype=torch.long, device=xyz.device)
    batch_indices = torch.arange(B, device=xyz.device)
    for i in range(npoint):
        centroids[:, i] = farthest
        centroid = xyz[batch_indices, farthest].unsqueeze(1)
        distance = torch.minimum(distance, square_distance(centroid, xyz).squeeze(1))
        farthest = distance.argmax(-1)
    return centroids


class Model(nn.Module):
    def __init__(self, npoint=8, nsample=4, out_ch=16):
        super().__init__()
        self.npoint, self.nsample = npoint, nsample
        self.mlp = nn.Sequential(nn.Linear(3, out_ch), nn.ReLU(), nn.Linear(out_ch, out_ch))

    def forward(self, xyz):
        new_xyz = index_points(xyz, farthest_point_sample(xyz, self.npoint))
        group_idx = square_distance(new_xyz, xyz).topk(self.nsample, dim=-1, largest=False).indices
        grouped = index_points(xyz, group_idx) - new_xyz.unsqueeze(2)
        return new_xyz, self.mlp(grouped).max(dim=2).values


def inputs():
    torch.manual_seed(253)
    return [(torch.randn(2, 32, 3),), (torch.randn(3, 40, 3),)]
