# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class SequenceNeck(nn.Module):
    """CRNN-style neck: collapse height to 1, keep the width as the time axis."""

    def __init__(self, in_ch=3, ch=8):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(in_ch, ch, 3, padding=1), nn.BatchNorm2d(ch), nn.ReLU(inplace=True))
        self.pool_h = 1

    def forward(self, x):
        x = self.conv(x)
        x = F.adaptive_avg_pool2d(x, (self.pool_h, x.shape[-1]))  # (B, C, 1, W)
        return x.squeeze(2).permute(0, 2, 1)  # (B, W, C)


Model = SequenceNeck


def inputs():
    torch.manual_seed(184)
    return [(torch.randn(2, 3, 8, 20),), (torch.randn(1, 3, 6, 11),)]
