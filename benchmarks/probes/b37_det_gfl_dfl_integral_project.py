# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Integral(nn.Module):
    """Expected value of the discretised distance distribution (Distribution Focal Loss head)."""

    def __init__(self, reg_max=7):
        super().__init__()
        self.reg_max = reg_max
        self.register_buffer("project", torch.linspace(0, self.reg_max, self.reg_max + 1))

    def forward(self, x):
        x = F.softmax(x.reshape(-1, self.reg_max + 1), dim=1)
        return F.linear(x, self.project.type_as(x)).reshape(-1, 4)


class Scale(nn.Module):
    def __init__(self, scale=1.0):
        super().__init__()
        self.scale = nn.Parameter(torch.tensor(scale, dtype=torch.float))

    def forward(self, x):
        return x * self.scale


def distance2bbox(points, distance):
    x1y1 = points - distance[..., :2]
    x2y2 = points + distance[..., 2:]
    return torch.cat([x1y1, x2y2], dim=-1)


class GFLHead(nn.Module):
    def __init__(self, num_classes=3, in_channels=8, feat_channels=8, strides=(8, 16), reg_max=7):
        super().__init__()
        self.strides = strides
        self.cls_convs = nn.Sequential(nn.Conv2d(in_channels, feat_channels, 3, padding=1), nn.GroupNorm(4, feat_channels), nn.ReLU())
        self.reg_convs = nn.Sequential(nn.Conv2d(in_channels, feat_channels, 3, padding=1), nn.GroupNorm(4, feat_channels), nn.ReLU())
        self.gfl_cls = nn.Conv2d(feat_channels, num_classes, 3, padding=1)
        self.gfl_reg = nn.Conv2d(feat_channels, 4 * (reg_max + 1), 3, padding=1)
        self.scales = nn.ModuleList([Scale(1.0) for _ in strides])
        self.integral = Integral(reg_max)

    @staticmethod
    def grid_points(h, w, stride, device):
        ys, xs = torch.meshgrid(torch.arange(h, device=device), torch.arange(w, device=device), indexing="ij")
        return torch.stack([xs, ys], dim=-1).reshape(-1, 2).float() * stride + stride // 2

    def forward(self, p3, p4):
        all_scores, all_boxes = [], []
        for feat, stride, scale in zip((p3, p4), self.strides, self.scales):
            b, _, h, w = feat.shape
            cls_score = self.gfl_cls(self.cls_convs(feat)).sigmoid().flatten(2).transpose(1, 2)
            bbox_pred = scale(self.gfl_reg(self.reg_convs(feat))).permute(0, 2, 3, 1)
            dist = self.integral(bbox_pred).reshape(b, h * w, 4) * stride
            all_boxes.append(distance2bbox(self.grid_points(h, w, stride, feat.device)[None], dist))
            all_scores.append(cls_score)
        return torch.cat(all_scores, 1), torch.cat(all_boxes, 1)


Model = GFLHead


def inputs():
    torch.manual_seed(3725)
    return [(torch.randn(1, 8, 8, 8), torch.randn(1, 8, 4, 4)), (torch.randn(2, 8, 10, 6), torch.randn(2, 8, 5, 3))]
