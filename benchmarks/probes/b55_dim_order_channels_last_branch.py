# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class LayoutAwareStem(nn.Module):
    """Vision: the stem checks x.dim_order() and keeps channels-last inputs channels-last (a layout-tuned path)."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)

    def forward(self, x):
        if x.dim_order() == (0, 2, 3, 1):
            y = self.conv(x.contiguous(memory_format=torch.channels_last))
            return y.permute(0, 2, 3, 1).mean(dim=(1, 2))
        y = self.conv(x)
        return y.mean(dim=(2, 3)) * 0.5


Model = LayoutAwareStem


def inputs():
    torch.manual_seed(5507)
    a = torch.randn(2, 3, 12, 12).contiguous(memory_format=torch.channels_last)
    return [(a,), (torch.randn(1, 3, 10, 14),)]
