# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class StridedEncoder(nn.Module):
    """Conv encoder that rescales its pooled output by the total downsampling factor."""

    def __init__(self, channels: int = 4):
        super().__init__()
        self.strides = (2, 1, 2, 1)
        self.blocks = nn.ModuleList(
            [nn.Conv2d(channels, channels, 3, stride=s, padding=1) for s in self.strides]
        )

    def forward(self, x):
        for block in self.blocks:
            x = torch.relu(block(x))
        factor = 2 ** self.strides.count(2)
        return x.flatten(2).mean(-1) * factor


Model = StridedEncoder


def inputs():
    torch.manual_seed(2808)
    return [(torch.randn(1, 4, 8, 8),), (torch.randn(2, 4, 12, 6),)]
