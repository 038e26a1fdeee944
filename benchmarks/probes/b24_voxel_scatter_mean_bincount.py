import torch
from torch import nn


class VoxelFeatureEncoder(nn.Module):
    def __init__(self, voxel_size=0.5, grid=(4, 4, 4), in_ch=4, out_ch=8):
        super().__init__()
        self.voxel_size = voxel_size
        self.grid = grid
        self.pfn = nn.Sequential(nn.Linear(in_ch, out_ch), nn.LayerNorm(out_ch), nn.ReLU())

    @property
    def num_voxels(self):
        gx, gy, gz = self.grid
        return gx * gy * gz

    def voxel_index(self, xyz):
        gx, gy, gz = self.grid
        ijk = (xyz / self.voxel_size).floor().long()
        ijk = torch.stack([ijk[:, 0].clamp(0, gx - 1), ijk[:, 1].clamp(0, gy - 1), ijk[:, 2].clamp(0, gz - 1)], 1)
        return (ijk[:, 0] * gy + ijk[:, 1]) * gz + ijk[:, 2]

    def forward(self, points):
        feats = self.pfn(points)
        idx = self.voxel_index(points[:, :3])
        summed = feats.new_zeros(self.num_voxels, feats.shape[1]).index_add_(0, idx, feats)
        counts = torch.bincount(idx, minlength=self.num_voxels).clamp(min=1)  # breaks: compile
        return summed / counts.unsqueeze(1).to(summed.dtype)


Model = VoxelFeatureEncoder


def inputs():
    torch.manual_seed(252)
    return [(torch.rand(50, 4) * 2,), (torch.rand(80, 4) * 2,)]
