# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class NeckConfig:
    in_channels = (4, 8)
    out_channels = 6
    upsample_factor = 2


class FPNNeck(nn.Module):
    """Two-level FPN neck; the coarse map goes through an nn.Upsample by the configured factor."""

    def __init__(self, cfg: NeckConfig = NeckConfig()):
        super().__init__()
        self.lateral = nn.ModuleList([nn.Conv2d(c, cfg.out_channels, 1) for c in cfg.in_channels])
        self.up = nn.Upsample(scale_factor=cfg.upsample_factor, mode="nearest")
        self.smooth = nn.Conv2d(cfg.out_channels, cfg.out_channels, 3, padding=1)

    def forward(self, fine: Tensor, coarse: Tensor) -> Tensor:
        top = self.lateral[1](coarse)
        return self.smooth(self.lateral[0](fine) + self.up(top))


Model = FPNNeck


def inputs():
    torch.manual_seed(3642)
    return [
        (torch.randn(2, 4, 8, 8), torch.randn(2, 8, 4, 4)),
        (torch.randn(1, 4, 12, 6), torch.randn(1, 8, 6, 3)),
    ]
