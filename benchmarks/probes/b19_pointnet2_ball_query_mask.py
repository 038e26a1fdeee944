import torch
from torch import nn


def square_distance(src, dst):
    return (src.unsqueeze(2) - dst.unsqueeze(1)).pow(2).sum(-1)


def index_points(points, idx):
    B = points.shape[0]
    batch = torch.arange(B, device=points.device).view(B, *([1] * (idx.dim() - 1))).expand_as(idx)
    return points[batch, idx]


def query_ball_point(radius, nsample, xyz, new_xyz):
    B, N, _ = xyz.shape
    S = new_xyz.shape[1]
    group_idx = torch.arange(N, dtype=torch.long).view(1, 1, N).repeat(B, S, 1)
    sqrdists = square_distance(new_xyz, xyz)
    group_idx[sqrdists > radius ** 2] = N
    group_idx = group_idx.sort(dim=-1)[0][:, :, :nsample]
    group_first = group_idx[:, :, 0].view(B, S, 1).repeat(1, 1, nsample)
    mask = group_idx == N
    group_idx[mask] = group_first[mask]  # breaks: compile
    return group_idx


class SetAbstraction(nn.Module):
    def __init__(self, npoint=4, radius=0.8, nsample=4, mlp=(3, 16, 32)):
        super().__init__()
        self.npoint, self.radius, self.nsample = npoint, radius, nsample
        self.mlp = nn.Sequential(*[nn.Sequential(nn.Conv2d(a, b, 1), nn.ReLU()) for a, b in zip(mlp, mlp[1:])])

    def forward(self, xyz):
        new_xyz = xyz[:, : self.npoint]
        idx = query_ball_point(self.radius, self.nsample, xyz, new_xyz)
        grouped = index_points(xyz, idx) - new_xyz.unsqueeze(2)
        feat = self.mlp(grouped.permute(0, 3, 2, 1))
        return new_xyz, feat.max(dim=2)[0]


Model = SetAbstraction


def inputs():
    torch.manual_seed(17)
    return [(torch.rand(2, 16, 3),), (torch.rand(3, 24, 3) * 2,)]
