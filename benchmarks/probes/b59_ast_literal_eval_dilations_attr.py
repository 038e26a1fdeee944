# ruff: noqa  (a probe is written as users write models)
import ast

import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """WaveNet-like 1-D stack whose dilation schedule is kept as a config string (as read
    from an INI file) and parsed with ast.literal_eval when the model runs."""

    def __init__(self, c: int = 8):
        super().__init__()
        self.dilations_spec = "(1, 2, 4)"
        self.inp = nn.Conv1d(1, c, 1)
        self.convs = nn.ModuleList(nn.Conv1d(c, c, 3) for _ in range(3))
        self.out = nn.Conv1d(c, 1, 1)

    def forward(self, wav: torch.Tensor) -> torch.Tensor:
        h = self.inp(wav)
        dilations = ast.literal_eval(self.dilations_spec)
        for conv, d in zip(self.convs, dilations):
            z = F.conv1d(F.pad(h, (2 * d, 0)), conv.weight, conv.bias, dilation=d)
            h = h + torch.tanh(z)
        return self.out(h)


def inputs():
    torch.manual_seed(5908)
    return [(torch.randn(2, 1, 32),), (torch.randn(1, 1, 50),)]
