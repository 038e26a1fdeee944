# ruff: noqa  (a probe is written as users write models)
import itertools
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F


def flatten_levels(per_level):
    """[(B, A*C, H, W) per level] -> (B, sum(H*W*A), C), as one-stage detectors do."""
    b = per_level[0].shape[0]
    chunks = ([lvl.permute(0, 2, 3, 1)] for lvl in per_level)
    tokens = [t.reshape(b, -1, t.shape[-1]) for t in itertools.chain.from_iterable(chunks)]
    return torch.cat(tokens, dim=1)


class FPN(nn.Module):
    def __init__(self, in_chs=(8, 16), out_ch: int = 16):
        super().__init__()
        self.lateral = nn.ModuleList([nn.Conv2d(c, out_ch, 1) for c in in_chs])
        self.smooth = nn.ModuleList([nn.Conv2d(out_ch, out_ch, 3, padding=1) for _ in in_chs])

    def forward(self, feats: List[torch.Tensor]):
        laterals = []
        for i, lateral in enumerate(self.lateral):
            laterals.append(lateral(feats[i]))
        for i in range(len(laterals) - 1, 0, -1):
            laterals[i - 1] = laterals[i - 1] + F.interpolate(laterals[i], size=laterals[i - 1].shape[-2:], mode="nearest")
        outs = []
        for i, smooth in enumerate(self.smooth):
            outs.append(smooth(laterals[i]))
        return outs


class Backbone(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.c2 = nn.Conv2d(8, 16, 3, stride=2, padding=1)

    def forward(self, x):
        a = F.relu(self.c1(x))
        b = F.relu(self.c2(a))
        return [a, b]


class DenseHead(nn.Module):
    def __init__(self, ch: int = 16, num_classes: int = 3, num_anchors: int = 1):
        super().__init__()
        self.cls = nn.Conv2d(ch, num_anchors * num_classes, 3, padding=1)
        self.box = nn.Conv2d(ch, num_anchors * 4, 3, padding=1)

    def forward(self, feats: List[torch.Tensor]):
        return flatten_levels([self.cls(f) for f in feats]), flatten_levels([self.box(f) for f in feats])


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = Backbone()
        self.fpn = FPN()
        self.head = DenseHead()

    def forward(self, images):
        cls_logits, box_deltas = self.head(self.fpn(self.backbone(images)))
        return cls_logits.sigmoid(), box_deltas


def inputs():
    torch.manual_seed(5309)
    return [(torch.randn(2, 3, 32, 32),), (torch.randn(1, 3, 24, 40),)]
