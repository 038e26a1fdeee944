# ruff: noqa  (a probe is written as users write models)
from typing import Dict, List

import torch
import torch.nn as nn
from torch import Tensor


class FPNHeads(nn.Module):
    def __init__(self, channels: int = 8, num_classes: int = 3, min_level: int = 3, max_level: int = 5):
        super().__init__()
        self.levels = list(range(min_level, max_level + 1))
        self.cls = nn.ModuleDict({f"p{lvl}": nn.Conv2d(channels, num_classes, 3, padding=1) for lvl in self.levels})
        self.box = nn.ModuleDict({f"p{lvl}": nn.Conv2d(channels, 4, 3, padding=1) for lvl in self.levels})

    def forward(self, p3: Tensor, p4: Tensor, p5: Tensor) -> Dict[str, Tensor]:
        feats: List[Tensor] = [p3, p4, p5]
        out: Dict[str, Tensor] = {}
        for lvl, f in zip(self.levels, feats):
            key = f"p{lvl}"
            out[f"{key}_cls"] = self.cls[key](f)
            out[f"{key}_box"] = self.box[key](f)
        return out


Model = FPNHeads


def inputs():
    torch.manual_seed(5107)
    return [
        (torch.randn(1, 8, 16, 16), torch.randn(1, 8, 8, 8), torch.randn(1, 8, 4, 4)),
        (torch.randn(2, 8, 12, 20), torch.randn(2, 8, 6, 10), torch.randn(2, 8, 3, 5)),
    ]
