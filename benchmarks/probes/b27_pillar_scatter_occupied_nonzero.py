from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass(frozen=True)
class GridSpec:
    x_range: tuple = (-4.0, 4.0)
    y_range: tuple = (-4.0, 4.0)
    voxel: float = 0.5

    @property
    def size(self):
        nx = int(round((self.x_range[1] - self.x_range[0]) / self.voxel))
        ny = int(round((self.y_range[1] - self.y_range[0]) / self.voxel))
        return nx, ny


def voxel_index(points, spec: GridSpec):
    nx, ny = spec.size
    ix = ((points[:, 0] - spec.x_range[0]) / spec.voxel).floor().long().clamp(0, nx - 1)
    iy = ((points[:, 1] - spec.y_range[0]) / spec.voxel).floor().long().clamp(0, ny - 1)
    return iy * nx + ix


class PillarScatter(nn.Module):
    def __init__(self, in_dim=4, out_dim=16, spec=GridSpec()):
        super().__init__()
        self.spec = spec
        self.pfn = nn.Sequential(nn.Linear(in_dim + 2, out_dim), nn.ReLU())
        self.bev = nn.Sequential(nn.Conv2d(out_dim, out_dim, 3, padding=1), nn.ReLU(), nn.Conv2d(out_dim, 1, 1))

    def forward(self, points):
        nx, ny = self.spec.size
        cells = nx * ny
        idx = voxel_index(points, self.spec)
        counts = points.new_zeros(cells).index_add_(0, idx, torch.ones_like(points[:, 0]))
        sums = points.new_zeros(cells, 2).index_add_(0, idx, points[:, :2])
        centroid = sums / counts.clamp_min(1).unsqueeze(-1)
        feats = self.pfn(torch.cat([points, points[:, :2] - centroid[idx]], dim=-1))
        pillars = feats.new_full((cells, feats.shape[-1]), float("-inf"))
        pillars = pillars.scatter_reduce(0, idx.unsqueeze(-1).expand_as(feats), feats, "amax")
        occupied = counts.nonzero().squeeze(1)
        canvas = feats.new_zeros(cells, feats.shape[-1])
        canvas[occupied] = pillars[occupied]
        canvas = canvas.t().reshape(1, -1, ny, nx)
        return self.bev(canvas)


Model = PillarScatter


def inputs():
    torch.manual_seed(282)
    return [
        (torch.randn(200, 4) * 2,),
        (torch.randn(120, 4) * 1.5,),
    ]
