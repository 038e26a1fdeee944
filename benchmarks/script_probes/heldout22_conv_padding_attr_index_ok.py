# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class ReflectConv(nn.Module):
    """Pads by the conv's own padding with reflection, then convolves unpadded."""

    def __init__(self, cin: int = 3, cout: int = 4, k: int = 3):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, k, padding=k // 2)

    def forward(self, x):
        p = self.conv.padding[0]
        x = F.pad(x, [p, p, p, p], mode="reflect")
        return F.conv2d(x, self.conv.weight, self.conv.bias)


Model = ReflectConv


def inputs():
    torch.manual_seed(2216)
    return [(torch.randn(2, 3, 6, 6),), (torch.randn(1, 3, 5, 7),)]
