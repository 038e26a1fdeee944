# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class MultiDilationBlock(nn.Module):
    """Audio/seg block: dilated conv branches summed with per-branch gains from an nn.ParameterList."""

    def __init__(self, c: int = 4, dilations=(1, 2, 4)):
        super().__init__()
        self.convs = nn.ModuleList(nn.Conv1d(c, c, 3, padding=d, dilation=d) for d in dilations)
        self.gains = nn.ParameterList(nn.Parameter(torch.full((1, c, 1), 0.5)) for _ in dilations)

    def forward(self, x: Tensor) -> Tensor:
        out = x
        for conv, g in zip(self.convs, self.gains):
            out = out + g * torch.relu(conv(x))
        return out


Model = MultiDilationBlock


def inputs():
    torch.manual_seed(5233)
    return [(torch.randn(2, 4, 12),), (torch.randn(1, 4, 9),)]
