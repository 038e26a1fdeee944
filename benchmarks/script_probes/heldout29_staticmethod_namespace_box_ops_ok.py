# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class BoxOps:
    """Plain namespace class of static box helpers, as detection codebases keep them."""

    @staticmethod
    def area(b: Tensor) -> Tensor:
        return (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])

    @staticmethod
    def iou(a: Tensor, b: Tensor) -> Tensor:
        lt = torch.max(a[:, None, :2], b[None, :, :2])
        rb = torch.min(a[:, None, 2:], b[None, :, 2:])
        inter = (rb - lt).clamp(min=0).prod(-1)
        return inter / (BoxOps.area(a)[:, None] + BoxOps.area(b)[None, :] - inter)


class MatchQuality(nn.Module):
    def __init__(self, dim: int = 5):
        super().__init__()
        self.score = nn.Linear(dim, 1)

    def forward(self, feats: Tensor, boxes: Tensor, gt: Tensor) -> Tensor:
        best = BoxOps.iou(boxes, gt).max(dim=1).values
        return torch.sigmoid(self.score(feats).squeeze(-1)) * best


Model = MatchQuality


def inputs():
    torch.manual_seed(2917)
    def boxes(n):
        xy = torch.rand(n, 2)
        return torch.cat([xy, xy + 0.2 + torch.rand(n, 2)], 1)
    return [(torch.randn(4, 5), boxes(4), boxes(2)), (torch.randn(3, 5), boxes(3), boxes(5))]
