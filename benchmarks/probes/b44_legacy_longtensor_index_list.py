# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ChannelShuffleSelect(nn.Module):
    """Keeps a configured subset of channels, picked with an index built the legacy way."""

    def __init__(self, keep=(0, 2, 3, 5), channels=6):
        super().__init__()
        self.keep = list(keep)
        self.conv = nn.Conv2d(3, channels, 3, padding=1)
        self.head = nn.Conv2d(len(self.keep), 2, 1)

    def forward(self, x):
        feats = torch.relu(self.conv(x))
        index = torch.LongTensor(self.keep)
        return self.head(feats.index_select(1, index))


Model = ChannelShuffleSelect


def inputs():
    torch.manual_seed(35)
    return [(torch.randn(2, 3, 6, 6),), (torch.randn(1, 3, 8, 5),)]
