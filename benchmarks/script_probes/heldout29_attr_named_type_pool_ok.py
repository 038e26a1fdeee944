# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class GlobalPool(nn.Module):
    """Retrieval pooling; the config key is stored as self.type, shadowing nn.Module.type()."""

    def __init__(self, pool_type: str = "gem", p: float = 3.0):
        super().__init__()
        self.type = pool_type
        self.p = p

    def forward(self, x: Tensor) -> Tensor:
        if self.type == "avg":
            return x.mean((2, 3))
        if self.type == "max":
            return x.amax((2, 3))
        return x.clamp(min=1e-6).pow(self.p).mean((2, 3)).pow(1.0 / self.p)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 6, 3, padding=1)
        self.pool = GlobalPool()

    def forward(self, img: Tensor) -> Tensor:
        return nn.functional.normalize(self.pool(torch.relu(self.conv(img))), dim=-1)


def inputs():
    torch.manual_seed(2915)
    return [(torch.rand(2, 3, 8, 8),), (torch.rand(1, 3, 5, 7),)]
