import torch
from torch import nn


def decode(deltas: torch.Tensor, anchors: torch.Tensor, max_size: int) -> torch.Tensor:
    widths = anchors[:, 2] - anchors[:, 0]
    heights = anchors[:, 3] - anchors[:, 1]
    cx = anchors[:, 0] + 0.5 * widths + deltas[:, 0] * widths
    cy = anchors[:, 1] + 0.5 * heights + deltas[:, 1] * heights
    w = widths * deltas[:, 2].clamp(max=4.0).exp()
    h = heights * deltas[:, 3].clamp(max=4.0).exp()
    boxes = torch.stack([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], dim=1)
    return boxes.clamp(min=0, max=max_size)


def model_forward(self, feats, anchors):
    return decode(self.reg(feats), anchors, self.image_size)
