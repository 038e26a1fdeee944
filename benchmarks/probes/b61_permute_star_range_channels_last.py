# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ChannelLayerNorm(nn.Module):
    """LayerNorm over channels for tensors of any rank (1d/2d/3d feature maps): move the channel
    axis last, normalise, move it back."""

    def __init__(self, ch: int):
        super().__init__()
        self.norm = nn.LayerNorm(ch)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        nd = x.dim()
        x = x.permute(0, *range(2, nd), 1)
        x = self.norm(x)
        return x.permute(0, nd - 1, *range(1, nd - 1))


class Model(nn.Module):
    def __init__(self, ch: int = 8):
        super().__init__()
        self.conv = nn.Conv2d(3, ch, 3, padding=1)
        self.norm = ChannelLayerNorm(ch)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(self.norm(self.conv(x)))


def inputs():
    torch.manual_seed(6105)
    return [(torch.randn(2, 3, 16, 16),), (torch.randn(1, 3, 20, 12),)]
