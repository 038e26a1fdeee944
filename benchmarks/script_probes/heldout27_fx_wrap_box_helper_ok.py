# ruff: noqa  (a probe is written as users write models)
import torch
import torch.fx
import torch.nn as nn


@torch.fx.wrap
def clip_boxes(boxes: torch.Tensor, h: int, w: int) -> torch.Tensor:
    x = boxes[..., 0::2].clamp(0, w)
    y = boxes[..., 1::2].clamp(0, h)
    return torch.stack([x[..., 0], y[..., 0], x[..., 1], y[..., 1]], dim=-1)


class BoxRegressor(nn.Module):
    """Detection box head; the clipping helper is fx.wrap-ped so FX tracing keeps it a leaf."""

    def __init__(self, channels: int = 4):
        super().__init__()
        self.reg = nn.Conv2d(channels, 4, 1)

    def forward(self, feats):
        boxes = self.reg(feats).flatten(2).transpose(1, 2) * 10.0
        return clip_boxes(boxes, feats.shape[-2] * 4, feats.shape[-1] * 4)


Model = BoxRegressor


def inputs():
    torch.manual_seed(2723)
    return [(torch.randn(1, 4, 5, 5),), (torch.randn(2, 4, 3, 6),)]
