# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn

IMAGENET_MEAN = (0.485, 0.456, 0.406)
IMAGENET_STD = (0.229, 0.224, 0.225)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 1)

    def forward(self, x):
        mean = torch.tensor(IMAGENET_MEAN, dtype=x.dtype).view(1, 3, 1, 1)
        std = torch.tensor(IMAGENET_STD, dtype=x.dtype).view(1, 3, 1, 1)
        return self.conv((x - mean) / std)


def inputs():
    return [(torch.rand(1, 3, 4, 4),), (torch.rand(2, 3, 2, 5),)]
