# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.out_hw = [4, 4]
        self.conv = nn.Conv2d(3, 3, 3, padding=1)

    def _fit(self, x):
        if x.shape[-2:] == self.out_hw:
            return x
        return F.adaptive_avg_pool2d(x, self.out_hw) * 0.5

    def forward(self, x):
        return self._fit(self.conv(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 8, 8),)]
