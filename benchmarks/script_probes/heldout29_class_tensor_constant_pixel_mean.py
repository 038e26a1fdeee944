# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class StemEncoder(nn.Module):
    """Backbone stem that normalises raw RGB with ImageNet stats kept as class-level tensors."""

    PIXEL_MEAN = torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1)
    PIXEL_STD = torch.tensor([0.229, 0.224, 0.225]).view(1, 3, 1, 1)

    def __init__(self, width: int = 8):
        super().__init__()
        self.conv = nn.Conv2d(3, width, 3, stride=2, padding=1)
        self.act = nn.ReLU()

    def normalize(self, img: Tensor) -> Tensor:
        return (img - self.PIXEL_MEAN) / self.PIXEL_STD

    def forward(self, img: Tensor) -> Tensor:
        return self.act(self.conv(self.normalize(img)))


Model = StemEncoder


def inputs():
    torch.manual_seed(2902)
    return [(torch.rand(1, 3, 16, 16),), (torch.rand(2, 3, 10, 12),)]
