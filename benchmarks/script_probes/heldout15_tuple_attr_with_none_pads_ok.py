# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pads = (1, None, 2)
        self.conv = nn.Conv1d(3, 3, 3)

    def forward(self, x):
        outs = []
        for p in self.pads:
            if p is None:
                outs.append(x.mean(-1))
            else:
                outs.append(self.conv(F.pad(x, (p, p))).mean(-1))
        return torch.cat(outs, dim=-1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 10),), (torch.randn(1, 3, 7),)]
