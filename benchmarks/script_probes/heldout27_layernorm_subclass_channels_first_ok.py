# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class ChannelLayerNorm1d(nn.LayerNorm):
    """Audio LayerNorm over the channel axis of (B, C, T) features, reusing LayerNorm's params."""

    def forward(self, x):
        x = x.transpose(1, 2)
        x = F.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)
        return x.transpose(1, 2)


class ConvBlock(nn.Module):
    def __init__(self, channels: int = 6):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, 3, padding=1)
        self.norm = ChannelLayerNorm1d(channels)

    def forward(self, x):
        return x + torch.relu(self.norm(self.conv(x)))


Model = ConvBlock


def inputs():
    torch.manual_seed(2724)
    return [(torch.randn(2, 6, 10),), (torch.randn(1, 6, 17),)]
