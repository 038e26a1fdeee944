# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class GatedConv1d(nn.Module):
    """Audio gated conv block; the activation is shared as a class-level instance."""

    act = nn.SiLU()

    def __init__(self, channels: int = 4):
        super().__init__()
        self.conv = nn.Conv1d(channels, 2 * channels, 3, padding=1)

    def forward(self, x):
        a, b = self.conv(x).chunk(2, dim=1)
        return x + self.act(a) * torch.sigmoid(b)


Model = GatedConv1d


def inputs():
    torch.manual_seed(2605)
    return [(torch.randn(1, 4, 16),), (torch.randn(3, 4, 9),)]
