# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalConv1d(nn.Module):
    def __init__(self, ch: int = 3, kernel_size: int = 3, dilation: int = 2):
        super().__init__()
        self.pad = ((kernel_size - 1) * dilation, 0)
        self.conv = nn.Conv1d(ch, ch, kernel_size, dilation=dilation)

    def forward(self, x):
        return self.conv(F.pad(x, self.pad))


Model = CausalConv1d


def inputs():
    torch.manual_seed(1921)
    return [(torch.randn(1, 3, 6),), (torch.randn(2, 3, 9),)]
