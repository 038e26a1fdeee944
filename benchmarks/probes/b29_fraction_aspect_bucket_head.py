from fractions import Fraction

import torch
from torch import nn


class AspectHeads(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.heads = nn.ModuleDict({
            "square": nn.Linear(dim, 4),
            "wide": nn.Linear(dim, 4),
            "tall": nn.Linear(dim, 4),
        })

    def bucket(self, h, w):
        ratio = Fraction(w, h)  # breaks: compile,trace
        if ratio == 1:
            return "square"
        return "wide" if ratio > 1 else "tall"


class Model(nn.Module):
    def __init__(self, ch=6):
        super().__init__()
        self.stem = nn.Conv2d(3, ch, 3, padding=1)
        self.route = AspectHeads(ch)

    def forward(self, img):
        feats = self.stem(img)
        key = self.route.bucket(*img.shape[-2:])
        pooled = feats.mean(dim=(2, 3))
        return self.route.heads[key](pooled)


def inputs():
    torch.manual_seed(29)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 6, 10),), (torch.randn(3, 3, 8, 8),)]
