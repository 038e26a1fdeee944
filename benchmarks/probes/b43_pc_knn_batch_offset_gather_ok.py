# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def knn(x: torch.Tensor, k: int) -> torch.Tensor:
    """x: (B, N, C) -> indices of the k nearest points, (B, N, k)."""
    dist = torch.cdist(x, x)
    return dist.topk(k, dim=-1, largest=False).indices


def index_points(points: torch.Tensor, idx: torch.Tensor) -> torch.Tensor:
    """points: (B, N, C), idx: (B, S, K) -> (B, S, K, C) via a flat batch offset."""
    b, n, c = points.shape
    offset = torch.arange(b, device=points.device).view(-1, 1, 1) * n
    flat = (idx + offset).reshape(-1)
    return points.reshape(b * n, c)[flat].view(b, idx.size(1), idx.size(2), c)


class PointTransformerLayer(nn.Module):
    def __init__(self, dim, k=4):
        super().__init__()
        self.k = k
        self.to_qkv = nn.Linear(dim, dim * 3, bias=False)
        self.pos_mlp = nn.Sequential(nn.Linear(3, dim), nn.ReLU(), nn.Linear(dim, dim))
        self.attn_mlp = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, dim))

    def forward(self, feats, xyz):
        idx = knn(xyz, self.k)
        q, k, v = self.to_qkv(feats).chunk(3, dim=-1)
        k, v = index_points(k, idx), index_points(v, idx)
        rel = xyz.unsqueeze(2) - index_points(xyz, idx)
        pos = self.pos_mlp(rel)
        attn = self.attn_mlp(q.unsqueeze(2) - k + pos).softmax(dim=2)
        return feats + (attn * (v + pos)).sum(dim=2)


class PointTransformerCls(nn.Module):
    def __init__(self, dim=8, depth=2, n_classes=4, k=4):
        super().__init__()
        self.stem = nn.Linear(3, dim)
        self.layers = nn.ModuleList(PointTransformerLayer(dim, k) for _ in range(depth))
        self.head = nn.Linear(dim, n_classes)

    def forward(self, xyz):
        feats = self.stem(xyz)
        for layer in self.layers:
            feats = layer(feats, xyz)
        return self.head(feats.max(dim=1).values)


Model = PointTransformerCls


def inputs():
    torch.manual_seed(4315)
    return [(torch.randn(2, 12, 3),), (torch.randn(3, 9, 3),)]
