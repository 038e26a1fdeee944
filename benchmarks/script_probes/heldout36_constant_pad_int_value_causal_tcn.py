# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class CausalConv1d(nn.Sequential):
    """Left-pads the sequence so each output only sees past samples (TCN / WaveNet style)."""

    def __init__(self, cin: int, cout: int, kernel: int, dilation: int = 1):
        super().__init__(
            nn.ConstantPad1d(((kernel - 1) * dilation, 0), 0),
            nn.Conv1d(cin, cout, kernel, dilation=dilation),
        )


class TemporalBlock(nn.Module):
    def __init__(self, ch: int = 4, kernel: int = 3, dilations=(1, 2)):
        super().__init__()
        self.convs = nn.ModuleList([CausalConv1d(ch, ch, kernel, d) for d in dilations])

    def forward(self, x: Tensor) -> Tensor:
        for conv in self.convs:
            x = x + torch.relu(conv(x))
        return x


Model = TemporalBlock


def inputs():
    torch.manual_seed(3646)
    return [(torch.randn(2, 4, 9),), (torch.randn(1, 4, 5),)]
