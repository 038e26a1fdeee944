# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class ChannelShuffle(nn.Module):
    def __init__(self, channels: int = 6, groups: int = 2):
        super().__init__()
        perm = torch.arange(channels).view(groups, -1).t().reshape(-1)
        self.register_buffer("perm", perm.to(torch.long), persistent=False)
        self.register_buffer("keep", torch.tensor([True, True, False, True, True, True]))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.index_select(1, self.perm)
        return x * self.keep.view(1, -1, 1, 1).to(x.dtype)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 6, 1)
        self.shuffle = ChannelShuffle()

    def forward(self, x):
        return self.shuffle(self.conv(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 4, 4),), (torch.randn(2, 3, 5, 3),)]
