# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SetAbstraction(nn.Module):
    """PointNet++-style set abstraction with uniformly strided centroids and k-NN grouping."""

    def __init__(self, ratio: int, k: int, dim: int):
        super().__init__()
        self.ratio, self.k = ratio, k
        self.mlp = nn.Sequential(nn.Linear(3 + dim, 8), nn.ReLU())

    def forward(self, xyz: torch.Tensor, feat: torch.Tensor):
        *batch, n, c = xyz.shape  # breaks: script
        npoint = n // self.ratio
        idx = torch.arange(npoint) * self.ratio
        centers = xyz[..., idx, :]
        knn = torch.cdist(centers, xyz).topk(self.k, largest=False).indices
        flat = knn.reshape(*batch, npoint * self.k)
        g_xyz = torch.gather(xyz, -2, flat.unsqueeze(-1).expand(*batch, npoint * self.k, c))
        g_feat = torch.gather(feat, -2, flat.unsqueeze(-1).expand(*batch, npoint * self.k, feat.shape[-1]))
        local = g_xyz.reshape(*batch, npoint, self.k, c) - centers.unsqueeze(-2)
        h = self.mlp(torch.cat([local, g_feat.reshape(*batch, npoint, self.k, -1)], -1))
        return centers, h.amax(-2)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.sa = SetAbstraction(ratio=4, k=3, dim=2)

    def forward(self, xyz: torch.Tensor, feat: torch.Tensor):
        return self.sa(xyz, feat)


def inputs():
    torch.manual_seed(7325)
    return [(torch.randn(2, 12, 3), torch.randn(2, 12, 2)), (torch.randn(2, 16, 3), torch.randn(2, 16, 2))]
