# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import math
from typing import List

import torch
from torch import nn


class LevelAssigner(nn.Module):
    """Maps each feature map to its pyramid level from the input stride."""

    def __init__(self, min_level: int = 2, channels: int = 4):
        super().__init__()
        self.min_level = min_level
        self.level_embed = nn.Embedding(8, channels)

    def forward(self, image: torch.Tensor, feats: List[torch.Tensor]) -> List[torch.Tensor]:
        out: List[torch.Tensor] = []
        for f in feats:
            stride = image.shape[-1] // f.shape[-1]
            level = int(math.log2(stride)) - self.min_level
            emb = self.level_embed.weight[level].view(1, -1, 1, 1)
            out.append(f + emb)
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.c2 = nn.Conv2d(3, 4, 3, stride=4, padding=1)
        self.c3 = nn.Conv2d(4, 4, 3, stride=2, padding=1)
        self.assign = LevelAssigner()

    def forward(self, image):
        p2 = self.c2(image)
        p3 = self.c3(p2)
        return self.assign(image, [p2, p3])


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 32, 32),), (torch.randn(2, 3, 64, 64),)]
