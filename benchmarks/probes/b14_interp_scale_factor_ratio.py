import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    def __init__(self, ch: int = 4):
        super().__init__()
        self.lateral = nn.Conv2d(ch, ch, 1)
        self.smooth = nn.Conv2d(ch, ch, 3, padding=1)

    def forward(self, coarse, fine):
        scale = fine.shape[-1] / coarse.shape[-1]  # breaks: trace
        up = F.interpolate(coarse, scale_factor=scale, mode="nearest")
        return self.smooth(up + self.lateral(fine))


def inputs():
    return [
        (torch.randn(1, 4, 4, 4), torch.randn(1, 4, 8, 8)),
        (torch.randn(1, 4, 4, 4), torch.randn(1, 4, 12, 12)),
    ]
