# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class DownBlock(nn.Module):
    def __init__(self, in_ch=3, out_ch=6, keep_indices=True):
        super().__init__()
        self.conv = nn.Conv2d(in_ch, out_ch, 3, padding=1)
        self.keep_indices = keep_indices

    def forward(self, x):
        x = F.relu(self.conv(x))
        out, idx = F.max_pool2d(x, kernel_size=2, stride=2, return_indices=self.keep_indices)
        return out, idx


Model = DownBlock


def inputs():
    torch.manual_seed(185)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 6, 10),)]
