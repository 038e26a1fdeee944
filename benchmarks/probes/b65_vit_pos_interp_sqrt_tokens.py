# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
import math


class PosEmbed(nn.Module):
    def __init__(self, grid: int = 4, d: int = 8):
        super().__init__()
        self.pos = nn.Parameter(torch.randn(1, grid * grid, d) * 0.02)
        self.grid = grid

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        n = tokens.shape[1]
        side = int(math.sqrt(n))  # breaks: trace
        pos = self.pos.reshape(1, self.grid, self.grid, -1).permute(0, 3, 1, 2)
        pos = F.interpolate(pos, size=(side, side), mode="bilinear", align_corners=False)
        return tokens + pos.flatten(2).transpose(1, 2)


class Model(nn.Module):
    """ViT positional embedding bilinearly interpolated to the token grid of the input,
    whose side is the square root of the token count."""

    def __init__(self):
        super().__init__()
        self.pos = PosEmbed()
        self.head = nn.Linear(8, 2)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        return self.head(self.pos(tokens).mean(1))


def inputs():
    torch.manual_seed(6525)
    return [(torch.randn(2, 16, 8),), (torch.randn(2, 36, 8),)]
