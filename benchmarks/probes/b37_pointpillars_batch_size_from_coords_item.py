# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class PillarFeatureNet(nn.Module):
    def __init__(self, in_ch=4, out_ch=16):
        super().__init__()
        self.linear = nn.Linear(in_ch, out_ch, bias=False)
        self.norm = nn.BatchNorm1d(out_ch, eps=1e-3, momentum=0.01)

    def forward(self, points, num_points):
        # points: (P, N, C) zero-padded per pillar
        x = self.linear(points)
        x = F.relu(self.norm(x.permute(0, 2, 1)).permute(0, 2, 1))
        valid = torch.arange(points.shape[1], device=points.device)[None] < num_points[:, None]
        x = x.masked_fill(~valid.unsqueeze(-1), 0.0)
        return x.max(dim=1).values


class PointPillarsScatter(nn.Module):
    def __init__(self, num_features=16, nx=8, ny=6):
        super().__init__()
        self.num_features, self.nx, self.ny = num_features, nx, ny

    def forward(self, pillar_features, coords):
        batch_canvas = []
        batch_size = int(coords[:, 0].max().item()) + 1
        for b in range(batch_size):
            canvas = pillar_features.new_zeros(self.num_features, self.nx * self.ny)
            this_batch = coords[:, 0] == b
            this_coords = coords[this_batch]
            indices = (this_coords[:, 2] * self.nx + this_coords[:, 3]).long()
            canvas[:, indices] = pillar_features[this_batch].t()
            batch_canvas.append(canvas)
        return torch.stack(batch_canvas, 0).view(batch_size, self.num_features, self.ny, self.nx)


class PointPillarsLite(nn.Module):
    def __init__(self, num_classes=2):
        super().__init__()
        self.pfn = PillarFeatureNet()
        self.scatter = PointPillarsScatter()
        self.backbone = nn.Sequential(nn.Conv2d(16, 16, 3, padding=1), nn.ReLU())
        self.cls_head = nn.Conv2d(16, num_classes, 1)

    def forward(self, points, num_points, coords):
        bev = self.scatter(self.pfn(points, num_points), coords)
        return self.cls_head(self.backbone(bev))


Model = PointPillarsLite


def _pillars(batch, per_sample, max_pts=5, nx=8, ny=6):
    coords = []
    for b in range(batch):
        cells = torch.randperm(nx * ny)[:per_sample]
        coords.append(torch.stack([torch.full_like(cells, b), torch.zeros_like(cells), cells // nx, cells % nx], 1))
    coords = torch.cat(coords)
    p = coords.shape[0]
    return torch.randn(p, max_pts, 4), torch.randint(1, max_pts + 1, (p,)), coords


def inputs():
    torch.manual_seed(3712)
    return [_pillars(2, 7), _pillars(3, 5)]
