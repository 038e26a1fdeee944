# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class AnchorFreeHead(nn.Module):
    """Detection head: merges main and auxiliary head dicts with {**a, **b}, then concatenates."""

    def __init__(self, c: int = 8, num_classes: int = 3):
        super().__init__()
        self.cls = nn.Conv2d(c, num_classes, 1)
        self.box = nn.Conv2d(c, 4, 1)
        self.ctr = nn.Conv2d(c, 1, 1)

    def forward(self, feats: Tensor) -> Tensor:
        main = {"logits": self.cls(feats), "boxes": self.box(feats).relu()}
        aux = {"centerness": self.ctr(feats).sigmoid()}
        merged = {**main, **aux}
        return torch.cat([merged[k] for k in ("logits", "boxes", "centerness")], dim=1)


Model = AnchorFreeHead


def inputs():
    torch.manual_seed(5206)
    return [(torch.randn(1, 8, 6, 6),), (torch.randn(2, 8, 4, 5),)]
