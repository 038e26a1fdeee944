# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def calculate_uncertainty(logits):
    top2 = logits.topk(2, dim=1).values
    return -(top2[:, 0] - top2[:, 1]).unsqueeze(1)


def point_sample(inp, point_coords, **kwargs):
    grid = 2.0 * point_coords.unsqueeze(2) - 1.0
    return F.grid_sample(inp, grid, **kwargs).squeeze(3)


class PointHead(nn.Module):
    def __init__(self, in_ch, num_classes, hidden=32, layers=2):
        super().__init__()
        blocks, c = [], in_ch + num_classes
        for _ in range(layers):
            blocks += [nn.Conv1d(c, hidden, 1), nn.ReLU()]
            c = hidden
        self.mlp = nn.Sequential(*blocks)
        self.predictor = nn.Conv1d(hidden, num_classes, 1)

    def forward(self, fine, coarse):
        return self.predictor(self.mlp(torch.cat([fine, coarse], dim=1)))


class PointRendSemSegHead(nn.Module):
    def __init__(self, in_ch=8, num_classes=3, subdivision_steps=2, subdivision_num_points=48):
        super().__init__()
        self.coarse = nn.Conv2d(in_ch, num_classes, 1)
        self.point_head = PointHead(in_ch, num_classes)
        self.subdivision_steps = subdivision_steps
        self.subdivision_num_points = subdivision_num_points

    def forward(self, fine_feats, coarse_feats):
        coarse_logits = self.coarse(coarse_feats)
        logits = coarse_logits
        for step in range(self.subdivision_steps):
            logits = F.interpolate(logits, scale_factor=2, mode="bilinear", align_corners=False)
            n, c, h, w = logits.shape
            if self.subdivision_num_points >= 4 * h * w and step < self.subdivision_steps - 1:
                continue
            num_points = min(h * w, self.subdivision_num_points)
            point_indices = calculate_uncertainty(logits).view(n, h * w).topk(num_points, dim=1).indices
            point_coords = torch.stack(
                [(0.5 + (point_indices % w).float()) / w, (0.5 + torch.div(point_indices, w, rounding_mode="floor").float()) / h], dim=2
            )
            fine = point_sample(fine_feats, point_coords, align_corners=False)
            coarse = point_sample(coarse_logits, point_coords, align_corners=False)
            point_logits = self.point_head(fine, coarse)
            idx = point_indices.unsqueeze(1).expand(-1, c, -1)
            logits = logits.reshape(n, c, h * w).scatter(2, idx, point_logits).view(n, c, h, w)
        return logits


Model = PointRendSemSegHead


def inputs():
    torch.manual_seed(3710)
    return [
        (torch.randn(1, 8, 12, 12), torch.randn(1, 8, 3, 3)),
        (torch.randn(2, 8, 20, 20), torch.randn(2, 8, 5, 5)),
    ]
