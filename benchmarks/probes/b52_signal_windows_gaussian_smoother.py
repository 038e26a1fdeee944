# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class GaussianSmoother(nn.Module):
    """Time-series denoiser: depthwise conv with a kernel from torch.signal.windows.gaussian."""

    def __init__(self, channels: int = 3, width: int = 7, std: float = 1.5):
        super().__init__()
        self.channels = channels
        self.width = width
        self.std = std
        self.mix = nn.Conv1d(channels, channels, 1)

    def forward(self, x: Tensor) -> Tensor:
        k = torch.signal.windows.gaussian(self.width, std=self.std)
        k = (k / k.sum()).to(x.dtype).view(1, 1, -1).repeat(self.channels, 1, 1)
        smooth = F.conv1d(x, k, padding=self.width // 2, groups=self.channels)
        return self.mix(smooth)


Model = GaussianSmoother


def inputs():
    torch.manual_seed(5203)
    return [(torch.randn(2, 3, 20),), (torch.randn(1, 3, 13),)]
