# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class VFELayer(nn.Module):
    """Voxel feature encoding: point-wise MLP, then per-voxel max concatenated back."""

    def __init__(self, in_dim, out_dim):
        super().__init__()
        self.units = out_dim // 2
        self.linear = nn.Linear(in_dim, self.units)
        self.norm = nn.LayerNorm(self.units)

    def forward(self, feats, inverse, n_voxels):
        pw = torch.relu(self.norm(self.linear(feats)))
        idx = inverse.unsqueeze(-1).expand_as(pw)
        vmax = pw.new_zeros(n_voxels, self.units).scatter_reduce(0, idx, pw, "amax", include_self=False)
        return torch.cat([pw, vmax[inverse]], dim=-1)


class DynamicVoxelEncoder(nn.Module):
    def __init__(self, voxel_size=(0.5, 0.5, 0.5), pc_min=(-2.0, -2.0, -2.0), dims=(16, 16), grid=(8, 8, 8)):
        super().__init__()
        self.register_buffer("voxel_size", torch.tensor(voxel_size))
        self.register_buffer("pc_min", torch.tensor(pc_min))
        self.grid = grid
        in_dims = [6, *dims[:-1]]
        self.vfe = nn.ModuleList(VFELayer(a, b) for a, b in zip(in_dims, dims))
        self.out = nn.Linear(dims[-1], 8)

    def voxelize(self, points):
        coords = ((points - self.pc_min) / self.voxel_size).floor().long()
        coords = coords.clamp(min=0)
        gx, gy, gz = self.grid
        coords = torch.minimum(coords, torch.tensor([gx - 1, gy - 1, gz - 1]))
        keys = (coords[:, 0] * gy + coords[:, 1]) * gz + coords[:, 2]
        voxel_keys, inverse = torch.unique(keys, return_inverse=True)
        return voxel_keys, inverse

    def forward(self, points):
        voxel_keys, inverse = self.voxelize(points)
        n_voxels = voxel_keys.numel()
        center = points.new_zeros(n_voxels, 3).index_add_(0, inverse, points)
        count = torch.bincount(inverse, minlength=n_voxels).clamp(min=1).unsqueeze(-1)
        center = center / count
        feats = torch.cat([points, points - center[inverse]], dim=-1)
        for layer in self.vfe:
            feats = layer(feats, inverse, n_voxels)
        vfeat = feats.new_zeros(n_voxels, feats.size(-1)).scatter_reduce(
            0, inverse.unsqueeze(-1).expand_as(feats), feats, "amax", include_self=False)
        bev = vfeat.new_zeros(self.grid[0] * self.grid[1] * self.grid[2], vfeat.size(-1))
        bev = bev.index_copy(0, voxel_keys, vfeat)
        return self.out(bev).amax(0)


Model = DynamicVoxelEncoder


def inputs():
    torch.manual_seed(4314)
    return [(torch.rand(40, 3) * 4 - 2,), (torch.rand(40, 3) * 4 - 2,), (torch.rand(25, 3) * 4 - 2,)]
