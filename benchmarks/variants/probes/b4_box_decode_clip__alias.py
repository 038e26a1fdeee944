import torch as T
from torch import nn as tnn


def decode(deltas: T.Tensor, anchors: T.Tensor, max_size: int) -> T.Tensor:
    widths = anchors[:, 2] - anchors[:, 0]
    heights = anchors[:, 3] - anchors[:, 1]
    cx = anchors[:, 0] + 0.5 * widths + deltas[:, 0] * widths
    cy = anchors[:, 1] + 0.5 * heights + deltas[:, 1] * heights
    w = widths * deltas[:, 2].clamp(max=4.0).exp()
    h = heights * deltas[:, 3].clamp(max=4.0).exp()
    boxes = T.stack([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], dim=1)
    return boxes.clamp(min=0, max=max_size)


class Model(tnn.Module):
    def __init__(self, dim: int = 8, image_size: int = 64):
        super().__init__()
        self.reg = tnn.Linear(dim, 4)
        self.image_size = image_size

    def forward(self, feats, anchors):
        return decode(self.reg(feats), anchors, self.image_size)


def inputs():
    a1 = T.tensor([[0.0, 0.0, 10.0, 10.0], [5.0, 5.0, 20.0, 30.0]])
    a2 = T.tensor([[1.0, 2.0, 8.0, 9.0], [0.0, 0.0, 4.0, 4.0], [10.0, 10.0, 40.0, 50.0]])
    return [(T.randn(2, 8), a1), (T.randn(3, 8), a2)]
