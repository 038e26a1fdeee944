# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Stem(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.pool_specs = [("max", 2), ("avg", None)]

    def forward(self, x):
        x = self.conv(x)
        for kind, stride in self.pool_specs:
            if stride is None:
                continue
            if kind == "max":
                x = F.max_pool2d(x, stride)
            else:
                x = F.avg_pool2d(x, stride)
        return x


Model = Stem


def inputs():
    torch.manual_seed(12)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 6, 10),)]
