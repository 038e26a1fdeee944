import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class ResizablePosEmbed(nn.Module):
    def __init__(self, dim=8, base_grid=4):
        super().__init__()
        self.pos = nn.Parameter(torch.randn(1, dim, base_grid, base_grid) * 0.02)

    def forward(self, tokens):
        n = tokens.shape[1]
        side = int(math.sqrt(n))  # breaks: trace
        pos = F.interpolate(self.pos, size=(side, side), mode="bilinear", align_corners=False)
        return tokens + pos.flatten(2).transpose(1, 2)


Model = ResizablePosEmbed


def inputs():
    torch.manual_seed(356)
    return [(torch.randn(2, 16, 8),), (torch.randn(2, 25, 8),)]
