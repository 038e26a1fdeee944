# ruff: noqa  (a probe is written as users write models)
from typing import Sequence, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F


def generate_base_anchors(sizes: Sequence[float], ratios: Sequence[float]) -> torch.Tensor:
    scales = torch.as_tensor(sizes, dtype=torch.float32)
    aspect = torch.as_tensor(ratios, dtype=torch.float32)
    h_ratios = torch.sqrt(aspect)
    w_ratios = 1 / h_ratios
    ws = (w_ratios[:, None] * scales[None, :]).view(-1)
    hs = (h_ratios[:, None] * scales[None, :]).view(-1)
    return torch.stack([-ws, -hs, ws, hs], dim=1) / 2


def decode_deltas(deltas: torch.Tensor, anchors: torch.Tensor, clip: float = 4.135) -> torch.Tensor:
    widths = anchors[:, 2] - anchors[:, 0]
    heights = anchors[:, 3] - anchors[:, 1]
    cx = anchors[:, 0] + 0.5 * widths
    cy = anchors[:, 1] + 0.5 * heights
    dx, dy, dw, dh = deltas.unbind(-1)
    dw, dh = dw.clamp(max=clip), dh.clamp(max=clip)
    pcx, pcy = dx * widths + cx, dy * heights + cy
    pw, ph = torch.exp(dw) * widths, torch.exp(dh) * heights
    return torch.stack([pcx - pw / 2, pcy - ph / 2, pcx + pw / 2, pcy + ph / 2], dim=-1)


class RPN(nn.Module):
    def __init__(self, in_channels: int = 16, stride: int = 8, sizes=(16.0, 32.0), ratios=(0.5, 1.0, 2.0),
                 pre_nms_top_n: int = 64, min_size: float = 1e-3):
        super().__init__()
        self.stride = stride
        self.pre_nms_top_n = pre_nms_top_n
        self.min_size = min_size
        self.register_buffer("cell_anchors", generate_base_anchors(sizes, ratios), persistent=False)
        A = self.cell_anchors.shape[0]
        self.conv = nn.Conv2d(in_channels, in_channels, 3, padding=1)
        self.cls_logits = nn.Conv2d(in_channels, A, 1)
        self.bbox_pred = nn.Conv2d(in_channels, A * 4, 1)
        self.backbone = nn.Sequential(nn.Conv2d(3, in_channels, 3, stride=stride, padding=1), nn.ReLU())

    def grid_anchors(self, feat: torch.Tensor) -> torch.Tensor:
        grid_h, grid_w = feat.shape[-2:]
        shifts_x = torch.arange(0, grid_w, dtype=torch.float32) * self.stride
        shifts_y = torch.arange(0, grid_h, dtype=torch.float32) * self.stride
        sy, sx = torch.meshgrid(shifts_y, shifts_x, indexing="ij")
        shifts = torch.stack((sx.reshape(-1), sy.reshape(-1), sx.reshape(-1), sy.reshape(-1)), dim=1)
        return (shifts.view(-1, 1, 4) + self.cell_anchors.view(1, -1, 4)).reshape(-1, 4)

    def forward(self, images: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
        img_h, img_w = images.shape[-2:]
        feat = self.backbone(images)
        t = F.relu(self.conv(feat))
        n = feat.shape[0]
        objectness = self.cls_logits(t).permute(0, 2, 3, 1).reshape(n, -1)
        deltas = self.bbox_pred(t).view(n, -1, 4, *t.shape[-2:]).permute(0, 3, 4, 1, 2).reshape(n, -1, 4)
        anchors = self.grid_anchors(feat)
        boxes = decode_deltas(deltas, anchors)
        boxes[..., 0::2] = boxes[..., 0::2].clamp(0, img_w)
        boxes[..., 1::2] = boxes[..., 1::2].clamp(0, img_h)
        num_anchors = objectness.shape[1]
        k = min(self.pre_nms_top_n, num_anchors)
        scores, idx = objectness.sigmoid().topk(k, dim=1)
        top_boxes = torch.gather(boxes, 1, idx.unsqueeze(-1).expand(-1, -1, 4))
        wh = top_boxes[..., 2:] - top_boxes[..., :2]
        valid = (wh > self.min_size).all(-1)
        return top_boxes, scores.masked_fill(~valid, 0.0)


Model = RPN


def inputs():
    torch.manual_seed(4114)
    return [(torch.randn(1, 3, 24, 24),), (torch.randn(2, 3, 48, 40),)]
