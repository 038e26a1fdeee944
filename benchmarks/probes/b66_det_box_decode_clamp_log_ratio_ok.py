# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class BoxCoder(nn.Module):
    """Faster R-CNN style (dx, dy, dw, dh) decoder with the usual log-ratio clamp."""

    def __init__(self, weights=(10.0, 10.0, 5.0, 5.0), clip: float = math.log(1000.0 / 16)):
        super().__init__()
        self.weights = weights
        self.clip = clip

    def decode(self, deltas: torch.Tensor, boxes: torch.Tensor) -> torch.Tensor:
        wx, wy, ww, wh = self.weights
        widths = boxes[:, 2] - boxes[:, 0]
        heights = boxes[:, 3] - boxes[:, 1]
        ctr_x = boxes[:, 0] + 0.5 * widths
        ctr_y = boxes[:, 1] + 0.5 * heights
        dx, dy = deltas[:, 0] / wx, deltas[:, 1] / wy
        dw = torch.clamp(deltas[:, 2] / ww, max=self.clip)
        dh = torch.clamp(deltas[:, 3] / wh, max=self.clip)
        pcx, pcy = dx * widths + ctr_x, dy * heights + ctr_y
        pw, ph = torch.exp(dw) * widths, torch.exp(dh) * heights
        return torch.stack([pcx - 0.5 * pw, pcy - 0.5 * ph, pcx + 0.5 * pw, pcy + 0.5 * ph], dim=1)


class Model(nn.Module):
    """ROI box head refining proposals: pooled features -> deltas -> decoded, clipped boxes."""

    def __init__(self, d: int = 8, image_size: int = 64):
        super().__init__()
        self.fc = nn.Linear(d, 4)
        self.coder = BoxCoder()
        self.image_size = image_size

    def forward(self, roi_feats: torch.Tensor, proposals: torch.Tensor) -> torch.Tensor:
        boxes = self.coder.decode(self.fc(roi_feats), proposals)
        return boxes.clamp(min=0, max=self.image_size)


def inputs():
    torch.manual_seed(6602)
    p1 = torch.tensor([[4.0, 4.0, 20.0, 30.0], [10.0, 2.0, 40.0, 12.0], [0.0, 0.0, 8.0, 8.0]])
    p2 = torch.tensor([[1.0, 3.0, 50.0, 60.0], [30.0, 30.0, 34.0, 35.0], [5.0, 6.0, 9.0, 60.0]])
    return [(torch.randn(3, 8), p1), (torch.randn(3, 8) * 20, p2)]
