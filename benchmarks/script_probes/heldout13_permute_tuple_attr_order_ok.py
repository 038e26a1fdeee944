# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class ChannelsLastNorm(nn.Module):
    def __init__(self, ch: int = 4):
        super().__init__()
        self.norm = nn.LayerNorm(ch)
        self.to_last = (0, 2, 3, 1)
        self.to_first = (0, 3, 1, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.permute(self.to_last)
        return self.norm(x).permute(self.to_first)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = ChannelsLastNorm()

    def forward(self, x):
        return self.norm(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4, 3, 3),), (torch.randn(1, 4, 5, 2),)]
