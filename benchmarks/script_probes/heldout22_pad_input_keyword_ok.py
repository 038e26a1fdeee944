# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class PadToMultiple(nn.Module):
    def __init__(self, multiple: int = 4):
        super().__init__()
        self.multiple = multiple
        self.conv = nn.Conv2d(3, 4, 3, padding=1)

    def forward(self, x):
        h, w = x.shape[-2:]
        ph = (self.multiple - h % self.multiple) % self.multiple
        pw = (self.multiple - w % self.multiple) % self.multiple
        x = F.pad(input=x, pad=(0, pw, 0, ph), mode="constant", value=0.0)
        return self.conv(x)


Model = PadToMultiple


def inputs():
    torch.manual_seed(2229)
    return [(torch.randn(2, 3, 6, 6),), (torch.randn(1, 3, 5, 8),)]
