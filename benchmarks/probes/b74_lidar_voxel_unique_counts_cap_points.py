# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """LiDAR voxelisation with a cap on points per voxel: voxels over the cap have their mean
    feature down-weighted (hard-voxelisation stand-in); mean point feature per voxel."""

    def __init__(self, voxel: float = 1.0, max_pts: int = 3):
        super().__init__()
        self.voxel = voxel
        self.max_pts = max_pts
        self.pfn = nn.Linear(4, 8)

    def forward(self, pts: torch.Tensor) -> torch.Tensor:
        coords = torch.div(pts[:, :3], self.voxel, rounding_mode="floor").long()
        _, inv, counts = torch.unique(coords, dim=0, return_inverse=True, return_counts=True)  # breaks: compile
        feat = self.pfn(pts)
        summed = feat.new_zeros(counts.shape[0], feat.shape[1]).index_add_(0, inv, feat)
        mean = summed / counts.unsqueeze(1)
        if counts.max() > self.max_pts:  # breaks: compile,export,trace
            mean = mean * (self.max_pts / counts.clamp_min(self.max_pts)).unsqueeze(1)
        return mean.sum(0)


def inputs():
    torch.manual_seed(7426)
    spread = torch.cat([torch.rand(8, 3) * 8, torch.rand(8, 1)], 1)
    dense = torch.cat([torch.rand(8, 3) * 1.5, torch.rand(8, 1)], 1)
    return [(spread,), (dense,)]
