# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor
from typing import List


class FPNFuse(nn.Module):
    def __init__(self, channels: int = 4, levels: int = 3):
        super().__init__()
        self.lateral = nn.ModuleList([nn.Conv2d(channels, channels, 1) for _ in range(levels)])

    def forward(self, feats: List[Tensor]) -> Tensor:
        out: List[Tensor] = []
        for i, conv in enumerate(self.lateral):
            out.append(conv(feats[i]).mean((2, 3)))
        return torch.cat(out, 1)


Model = FPNFuse


def inputs():
    torch.manual_seed(2125)
    return [
        ([torch.randn(1, 4, 8, 8), torch.randn(1, 4, 4, 4), torch.randn(1, 4, 2, 2)],),
        ([torch.randn(2, 4, 6, 6), torch.randn(2, 4, 3, 3), torch.randn(2, 4, 2, 2)],),
    ]
