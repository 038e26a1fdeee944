# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ConvStem(nn.Module):
    """Stem that gathers its conv layers into a local list and runs them in a loop."""

    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 4, 3, padding=1)
        self.conv2 = nn.Conv2d(4, 4, 3, padding=1)
        self.conv3 = nn.Conv2d(4, 6, 3, stride=2, padding=1)

    def forward(self, x: Tensor) -> Tensor:
        layers = [self.conv1, self.conv2, self.conv3]
        for layer in layers:
            x = torch.relu(layer(x))
        return x


Model = ConvStem


def inputs():
    torch.manual_seed(3132)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 5, 7),)]
