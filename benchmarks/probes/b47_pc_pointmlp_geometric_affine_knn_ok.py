# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def knn_point(nsample, xyz, new_xyz):
    sqrdists = torch.cdist(new_xyz, xyz) ** 2
    _, group_idx = torch.topk(sqrdists, nsample, dim=-1, largest=False, sorted=False)
    return group_idx


def index_points(points, idx):
    B = points.size(0)
    batch = torch.arange(B, device=points.device).view(B, *([1] * (idx.dim() - 1)))
    return points[batch, idx]


class LocalGrouper(nn.Module):
    def __init__(self, channel, groups, kneighbors, use_xyz=True, normalize="anchor"):
        super().__init__()
        self.groups = groups
        self.kneighbors = kneighbors
        self.use_xyz = use_xyz
        self.normalize = normalize.lower() if normalize is not None else None
        if self.normalize not in ["center", "anchor"]:
            self.normalize = None
        if self.normalize is not None:
            add_channel = 3 if self.use_xyz else 0
            self.affine_alpha = nn.Parameter(torch.ones([1, 1, 1, channel + add_channel]))
            self.affine_beta = nn.Parameter(torch.zeros([1, 1, 1, channel + add_channel]))

    def forward(self, xyz, points):
        B, N, C = xyz.shape
        S = self.groups
        # strided sampling stands in for the CUDA furthest point sampler
        fps_idx = torch.linspace(0, N - 1, S, device=xyz.device).long().unsqueeze(0).expand(B, -1)
        new_xyz = index_points(xyz, fps_idx)
        new_points = index_points(points, fps_idx)
        idx = knn_point(self.kneighbors, xyz, new_xyz)
        grouped_xyz = index_points(xyz, idx)
        grouped_points = index_points(points, idx)
        if self.use_xyz:
            grouped_points = torch.cat([grouped_points, grouped_xyz], dim=-1)
        if self.normalize is not None:
            if self.normalize == "center":
                mean = torch.mean(grouped_points, dim=2, keepdim=True)
            if self.normalize == "anchor":
                mean = torch.cat([new_points, new_xyz], dim=-1) if self.use_xyz else new_points
                mean = mean.unsqueeze(dim=-2)
            std = torch.std((grouped_points - mean).reshape(B, -1), dim=-1, keepdim=True).unsqueeze(dim=-1).unsqueeze(dim=-1)
            grouped_points = (grouped_points - mean) / (std + 1e-5)
            grouped_points = self.affine_alpha * grouped_points + self.affine_beta
        new_points = torch.cat([grouped_points, new_points.view(B, S, 1, -1).repeat(1, 1, self.kneighbors, 1)], dim=-1)
        return new_xyz, new_points


class PointMLPStage(nn.Module):
    def __init__(self, channel=8, groups=8, k=4):
        super().__init__()
        self.grouper = LocalGrouper(channel, groups, k)
        self.transfer = nn.Linear(2 * channel + 3, 16)

    def forward(self, xyz, points):
        new_xyz, grouped = self.grouper(xyz, points)
        x = F.relu(self.transfer(grouped))
        return new_xyz, x.max(dim=2)[0]


Model = PointMLPStage


def inputs():
    torch.manual_seed(4709)
    return [(torch.randn(2, 32, 3), torch.randn(2, 32, 8)), (torch.randn(1, 20, 3), torch.randn(1, 20, 8))]
