# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


def compute_locations_per_level(h: int, w: int, stride: int, device: torch.device) -> Tensor:
    shifts_x = torch.arange(0, w * stride, step=stride, dtype=torch.float32, device=device)
    shifts_y = torch.arange(0, h * stride, step=stride, dtype=torch.float32, device=device)
    shift_y, shift_x = torch.meshgrid(shifts_y, shifts_x, indexing="ij")
    return torch.stack((shift_x.reshape(-1), shift_y.reshape(-1)), dim=1) + stride // 2


class Scale(nn.Module):
    def __init__(self, init_value=1.0):
        super().__init__()
        self.scale = nn.Parameter(torch.tensor([init_value]))

    def forward(self, x):
        return x * self.scale


class FCOSHead(nn.Module):
    def __init__(self, in_ch=8, num_classes=4, strides=(8, 16), pre_nms_top_n=20):
        super().__init__()
        self.strides = list(strides)
        self.pre_nms_top_n = pre_nms_top_n
        self.cls_tower = nn.Sequential(nn.Conv2d(in_ch, in_ch, 3, padding=1), nn.GroupNorm(2, in_ch), nn.ReLU())
        self.cls_logits = nn.Conv2d(in_ch, num_classes, 3, padding=1)
        self.bbox_pred = nn.Conv2d(in_ch, 4, 3, padding=1)
        self.centerness = nn.Conv2d(in_ch, 1, 3, padding=1)
        self.scales = nn.ModuleList([Scale(1.0) for _ in self.strides])

    def forward(self, features: List[Tensor]):
        all_boxes, all_scores = [], []
        for feat, stride, scale in zip(features, self.strides, self.scales):
            n, _, h, w = feat.shape
            t = self.cls_tower(feat)
            logits = self.cls_logits(t).flatten(2).transpose(1, 2)  # N, HW, C
            ctr = self.centerness(t).flatten(2).transpose(1, 2)
            ltrb = torch.exp(scale(self.bbox_pred(feat))).flatten(2).transpose(1, 2) * stride
            locs = compute_locations_per_level(h, w, stride, feat.device)
            boxes = torch.cat([locs - ltrb[..., :2], locs + ltrb[..., 2:]], dim=-1)
            scores = torch.sqrt(logits.sigmoid() * ctr.sigmoid())
            all_boxes.append(boxes)
            all_scores.append(scores)
        boxes = torch.cat(all_boxes, dim=1)
        scores = torch.cat(all_scores, dim=1)
        max_scores, labels = scores.max(dim=-1)
        k = min(self.pre_nms_top_n, max_scores.size(1))
        top_scores, top_idx = max_scores.topk(k, dim=1)
        top_boxes = torch.gather(boxes, 1, top_idx.unsqueeze(-1).expand(-1, -1, 4))
        top_labels = torch.gather(labels, 1, top_idx)
        return top_boxes, top_scores, top_labels


Model = FCOSHead


def inputs():
    torch.manual_seed(4704)
    return [
        ([torch.randn(2, 8, 8, 8), torch.randn(2, 8, 4, 4)],),
        ([torch.randn(3, 8, 6, 10), torch.randn(3, 8, 3, 5)],),
    ]
