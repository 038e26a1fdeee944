# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def parse_permute(pattern: str):
    """Minimal einops-style parser: 'b c h w -> b h w c' to a permutation, done once."""
    left, right = (side.split() for side in pattern.split("->"))
    return tuple(left.index(axis) for axis in right)


class Rearrange(nn.Module):
    def __init__(self, pattern: str):
        super().__init__()
        self.perm = parse_permute(pattern)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.permute(self.perm)


class Model(nn.Module):
    """ConvNeXt-style block: channels-last LayerNorm between two Rearrange layers."""

    def __init__(self, chans: int = 8):
        super().__init__()
        self.dw = nn.Conv2d(chans, chans, 7, padding=3, groups=chans)
        self.to_last = Rearrange("b c h w -> b h w c")
        self.norm = nn.LayerNorm(chans)
        self.to_first = Rearrange("b h w c -> b c h w")

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.to_first(self.norm(self.to_last(self.dw(x))))


def inputs():
    torch.manual_seed(6331)
    return [(torch.randn(1, 8, 9, 9),), (torch.randn(2, 8, 6, 11),)]
