# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class AnchorSpec:
    def __init__(self, size: float, stride: int):
        self.size = size
        self.stride = stride

    def scale(self) -> float:
        return self.size / self.stride


class RatioAnchorSpec(AnchorSpec):
    def __init__(self, size: float, stride: int, ratio: float):
        super().__init__(size, stride)
        self.ratio = ratio

    def scale(self) -> float:
        return self.size * self.ratio / self.stride


class AnchorHead(nn.Module):
    """Detection head that scales box deltas by an anchor spec built per call."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.reg = nn.Conv2d(dim, 4, 1)

    def forward(self, x: Tensor) -> Tensor:
        spec = RatioAnchorSpec(32.0, 8, 0.5)
        return self.reg(x) * spec.scale()


Model = AnchorHead


def inputs():
    torch.manual_seed(3903)
    return [(torch.randn(1, 8, 4, 4),), (torch.randn(2, 8, 3, 5),)]
