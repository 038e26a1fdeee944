# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class PadToMultiple(nn.Module):
    def __init__(self, multiple: int = 4, pad_value=0):
        super().__init__()
        self.multiple = multiple
        self.pad_value = pad_value
        self.conv = nn.Conv2d(2, 2, 3, padding=1)

    def forward(self, x: Tensor) -> Tensor:
        h, w = x.shape[-2:]
        ph = (self.multiple - h % self.multiple) % self.multiple
        pw = (self.multiple - w % self.multiple) % self.multiple
        x = F.pad(x, [0, pw, 0, ph], value=self.pad_value)
        return self.conv(x)


Model = PadToMultiple


def inputs():
    torch.manual_seed(2438)
    return [(torch.randn(1, 2, 5, 6),), (torch.randn(2, 2, 4, 3),)]
