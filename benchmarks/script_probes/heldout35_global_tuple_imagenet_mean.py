# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor

IMAGENET_MEAN = (0.485, 0.456, 0.406)
IMAGENET_STD = (0.229, 0.224, 0.225)


class Normalize(nn.Module):
    """Input normalisation that reads the dataset statistics from module-level tuples."""

    def forward(self, x: Tensor) -> Tensor:
        mean = torch.tensor(IMAGENET_MEAN, dtype=x.dtype).view(1, 3, 1, 1)
        std = torch.tensor(IMAGENET_STD, dtype=x.dtype).view(1, 3, 1, 1)
        return (x - mean) / std


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = Normalize()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)

    def forward(self, x: Tensor) -> Tensor:
        return self.conv(self.norm(x)).mean(dim=(2, 3))


Model = Classifier


def inputs():
    torch.manual_seed(3505)
    return [(torch.rand(2, 3, 8, 8),), (torch.rand(1, 3, 6, 6),)]
