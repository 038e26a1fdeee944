import torch
from torch import nn


class DynamicVoxelizer(nn.Module):
    def __init__(self, voxel_size: float = 0.5):
        super().__init__()
        self.voxel_size = voxel_size

    def forward(self, points):
        coords = torch.floor(points[:, :3] / self.voxel_size).long()
        voxels, inverse = torch.unique(coords, dim=0, return_inverse=True)  # breaks: compile
        return voxels, inverse


class PillarFeatureNet(nn.Module):
    def __init__(self, in_dim: int = 4, out_dim: int = 8):
        super().__init__()
        self.voxelizer = DynamicVoxelizer()
        self.pfn = nn.Sequential(nn.Linear(in_dim, out_dim), nn.ReLU())

    def forward(self, points):
        voxels, inverse = self.voxelizer(points)
        feats = self.pfn(points)
        pooled = feats.new_full((voxels.shape[0], feats.shape[1]), -1e4)
        pooled = pooled.scatter_reduce(0, inverse[:, None].expand_as(feats), feats, reduce="amax")
        return pooled.mean(0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = PillarFeatureNet()
        self.head = nn.Linear(8, 2)

    def forward(self, points):
        return self.head(self.encoder(points))


def inputs():
    return [(torch.randn(12, 4),), (torch.randn(12, 4) * 0.2,)]
