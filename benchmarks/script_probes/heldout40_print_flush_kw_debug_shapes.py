# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class VerboseStem(nn.Module):
    """Conv stem that prints the feature shape when its verbose flag is on."""

    def __init__(self, channels: int = 3, width: int = 8, verbose: bool = False):
        super().__init__()
        self.conv = nn.Conv2d(channels, width, 3, stride=2, padding=1)
        self.verbose = verbose

    def forward(self, x: Tensor) -> Tensor:
        x = self.conv(x)
        if self.verbose:
            print("stem out:", x.shape, sep=" ", flush=True)
        return x.relu()


Model = VerboseStem


def inputs():
    torch.manual_seed(4018)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 6, 6),)]
