# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class GrayOrRGBStem(nn.Module):
    def __init__(self, out_ch: int = 4):
        super().__init__()
        self.conv = nn.Conv2d(3, out_ch, 3, padding=1)

    def forward(self, x):
        if x.shape[1] in (1, 2):
            x = x.mean(1, keepdim=True).expand(-1, 3, -1, -1)
        return F.relu(self.conv(x))


Model = GrayOrRGBStem


def inputs():
    torch.manual_seed(1906)
    return [(torch.randn(1, 1, 5, 5),), (torch.randn(2, 3, 4, 6),)]
