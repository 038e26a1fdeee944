# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def square_distance(src, dst):
    return torch.sum((src[:, :, None] - dst[:, None]) ** 2, dim=-1)


def index_points(points, idx):
    """points (B, N, C), idx (B, S, K) -> (B, S, K, C)"""
    b = points.shape[0]
    batch = torch.arange(b, device=points.device).view(b, 1, 1).expand_as(idx)
    return points[batch, idx]


class PointTransformerLayer(nn.Module):
    def __init__(self, d_points=8, d_model=16, nsample=8):
        super().__init__()
        self.fc1 = nn.Linear(d_points, d_model)
        self.fc2 = nn.Linear(d_model, d_points)
        self.fc_delta = nn.Sequential(nn.Linear(3, d_model), nn.ReLU(), nn.Linear(d_model, d_model))
        self.fc_gamma = nn.Sequential(nn.Linear(d_model, d_model), nn.ReLU(), nn.Linear(d_model, d_model))
        self.w_qs = nn.Linear(d_model, d_model, bias=False)
        self.w_ks = nn.Linear(d_model, d_model, bias=False)
        self.w_vs = nn.Linear(d_model, d_model, bias=False)
        self.nsample = nsample

    def forward(self, xyz, features):
        k = min(self.nsample, xyz.shape[1])
        knn_idx = square_distance(xyz, xyz).argsort(dim=-1)[:, :, :k]
        knn_xyz = index_points(xyz, knn_idx)
        pre = features
        x = self.fc1(features)
        q, keys, v = self.w_qs(x), index_points(self.w_ks(x), knn_idx), index_points(self.w_vs(x), knn_idx)
        pos_enc = self.fc_delta(xyz[:, :, None] - knn_xyz)
        attn = self.fc_gamma(q[:, :, None] - keys + pos_enc)
        attn = torch.softmax(attn / keys.size(-1) ** 0.5, dim=-2)
        res = torch.einsum("bmnf,bmnf->bmf", attn, v + pos_enc)
        return self.fc2(res) + pre, attn


class PointTransformerCls(nn.Module):
    def __init__(self, num_classes=5):
        super().__init__()
        self.embed = nn.Sequential(nn.Linear(3, 8), nn.ReLU())
        self.block = PointTransformerLayer()
        self.head = nn.Linear(8, num_classes)

    def forward(self, xyz):
        feats, _ = self.block(xyz, self.embed(xyz))
        return self.head(feats.mean(dim=1))


Model = PointTransformerCls


def inputs():
    torch.manual_seed(3722)
    return [(torch.randn(2, 20, 3),), (torch.randn(3, 31, 3),)]
