# ruff: noqa  (a probe is written as users write models)
import re
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class LevelScaledHead(nn.Module):
    """Detection head: reads the pyramid level from the feature name ("p3", "p4") to scale boxes."""

    def __init__(self, channels: int = 4):
        super().__init__()
        self.reg = nn.Conv2d(channels, 4, 1)

    def forward(self, feats: Dict[str, Tensor]):
        outs = []
        for name, f in feats.items():
            level = int(re.match(r"p(\d+)", name).group(1))
            outs.append(self.reg(f).flatten(2) * float(2**level))
        return torch.cat(outs, dim=2)


Model = LevelScaledHead


def inputs():
    torch.manual_seed(2702)
    a = {"p3": torch.randn(1, 4, 8, 8), "p4": torch.randn(1, 4, 4, 4)}
    b = {"p3": torch.randn(2, 4, 6, 6), "p4": torch.randn(2, 4, 3, 3)}
    return [(a,), (b,)]
