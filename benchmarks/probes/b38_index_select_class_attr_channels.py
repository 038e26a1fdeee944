# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ChannelSubsetHead(nn.Module):
    """Uses a fixed subset of input channels (e.g. the RGB bands of a multispectral image)."""

    keep_channels = [3, 2, 1]

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(len(self.keep_channels), 4, 3, padding=1)

    def forward(self, x):
        index = torch.tensor(self.keep_channels, dtype=torch.long, device=x.device)
        x = x.index_select(1, index)
        return self.conv(x).amax(dim=(2, 3))


Model = ChannelSubsetHead


def inputs():
    torch.manual_seed(3821)
    return [(torch.randn(2, 5, 6, 6),), (torch.randn(1, 5, 4, 7),)]
