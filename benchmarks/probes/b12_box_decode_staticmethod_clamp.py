import math

import torch
from torch import Tensor, nn

BBOX_XFORM_CLIP = math.log(1000.0 / 16)


class BoxCoder:
    def __init__(self, weights=(10.0, 10.0, 5.0, 5.0)):
        self.weights = weights

    @staticmethod
    def _centers(boxes: Tensor):
        widths = boxes[:, 2] - boxes[:, 0]
        heights = boxes[:, 3] - boxes[:, 1]
        return boxes[:, 0] + 0.5 * widths, boxes[:, 1] + 0.5 * heights, widths, heights

    def decode(self, deltas: Tensor, anchors: Tensor) -> Tensor:
        cx, cy, w, h = self._centers(anchors)
        wx, wy, ww, wh = self.weights
        dx, dy = deltas[:, 0] / wx, deltas[:, 1] / wy
        dw = (deltas[:, 2] / ww).clamp(max=BBOX_XFORM_CLIP)
        dh = (deltas[:, 3] / wh).clamp(max=BBOX_XFORM_CLIP)
        pcx, pcy = dx * w + cx, dy * h + cy
        pw, ph = torch.exp(dw) * w, torch.exp(dh) * h
        return torch.stack([pcx - 0.5 * pw, pcy - 0.5 * ph, pcx + 0.5 * pw, pcy + 0.5 * ph], dim=1)


class Model(nn.Module):
    def __init__(self, channels: int = 8, num_anchors: int = 3):
        super().__init__()
        self.coder = BoxCoder()
        self.reg = nn.Conv2d(channels, num_anchors * 4, 3, padding=1)
        self.cls = nn.Conv2d(channels, num_anchors, 3, padding=1)

    def forward(self, feat: Tensor, anchors: Tensor):
        n = feat.shape[0]
        deltas = self.reg(feat).permute(0, 2, 3, 1).reshape(n, -1, 4)
        scores = self.cls(feat).permute(0, 2, 3, 1).reshape(n, -1).sigmoid()
        boxes = self.coder.decode(deltas.reshape(-1, 4), anchors.repeat(n, 1))
        return boxes.view(n, -1, 4), scores


def _anchors(h, w, a=3):
    xy = torch.rand(h * w * a, 2) * 32
    return torch.cat([xy, xy + 4 + torch.rand(h * w * a, 2) * 16], dim=1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 8, 4, 4), _anchors(4, 4)), (torch.randn(2, 8, 5, 3), _anchors(5, 3))]
