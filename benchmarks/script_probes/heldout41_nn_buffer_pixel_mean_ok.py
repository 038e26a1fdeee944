# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class NormalizedStem(nn.Module):
    """Stem that standardises pixels with statistics held as nn.Buffer attributes."""

    def __init__(self, channels: int = 3, width: int = 4):
        super().__init__()
        self.pixel_mean = nn.Buffer(torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1))
        self.pixel_std = nn.Buffer(torch.tensor([0.229, 0.224, 0.225]).view(1, 3, 1, 1))
        self.conv = nn.Conv2d(channels, width, 3, padding=1)

    def forward(self, x: Tensor) -> Tensor:
        return self.conv((x - self.pixel_mean) / self.pixel_std)


Model = NormalizedStem


def inputs():
    torch.manual_seed(4121)
    return [(torch.rand(2, 3, 8, 8),), (torch.rand(1, 3, 5, 6),)]
