# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def box_area(boxes: Tensor) -> Tensor:
    torch._check(boxes.shape[-1] == 4, lambda: f"expected (..., 4) boxes, got {boxes.shape}")
    return (boxes[..., 2] - boxes[..., 0]).clamp(min=0) * (boxes[..., 3] - boxes[..., 1]).clamp(min=0)


class BoxScoreHead(nn.Module):
    """Detection head that weights box scores by the log of the box area."""

    def __init__(self, dim: int = 6):
        super().__init__()
        self.score = nn.Linear(dim, 1)

    def forward(self, feats: Tensor, boxes: Tensor) -> Tensor:
        area = box_area(boxes)
        return self.score(feats).squeeze(-1) * torch.log1p(area)


Model = BoxScoreHead


def inputs():
    torch.manual_seed(2905)
    b1 = torch.rand(4, 2).repeat(1, 2) + torch.tensor([0.0, 0.0, 0.5, 0.5])
    b2 = torch.rand(2, 2).repeat(1, 2) + torch.tensor([0.0, 0.0, 0.3, 0.2])
    return [(torch.randn(4, 6), b1), (torch.randn(2, 6), b2)]
