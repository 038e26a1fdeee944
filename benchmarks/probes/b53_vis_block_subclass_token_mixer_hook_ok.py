# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class MetaBlock(nn.Module):
    """MetaFormer block: norm -> token mixer -> residual, norm -> MLP -> residual.
    Subclasses only choose the token mixer by overriding `mix`."""

    def __init__(self, dim: int, mlp_ratio: int = 2, layer_scale: float = 1e-2):
        super().__init__()
        self.norm1 = nn.GroupNorm(1, dim)
        self.norm2 = nn.GroupNorm(1, dim)
        self.fc1 = nn.Conv2d(dim, dim * mlp_ratio, 1)
        self.fc2 = nn.Conv2d(dim * mlp_ratio, dim, 1)
        self.gamma1 = nn.Parameter(torch.full((dim, 1, 1), layer_scale))
        self.gamma2 = nn.Parameter(torch.full((dim, 1, 1), layer_scale))

    def mix(self, x: Tensor) -> Tensor:
        return x

    def forward(self, x: Tensor) -> Tensor:
        x = x + self.gamma1 * self.mix(self.norm1(x))
        return x + self.gamma2 * self.fc2(F.gelu(self.fc1(self.norm2(x))))


class PoolBlock(MetaBlock):
    def __init__(self, dim: int, pool_size: int = 3):
        super().__init__(dim)
        self.pool = nn.AvgPool2d(pool_size, stride=1, padding=pool_size // 2, count_include_pad=False)

    def mix(self, x: Tensor) -> Tensor:
        return self.pool(x) - x


class DWConvBlock(MetaBlock):
    def __init__(self, dim: int, kernel: int = 5):
        super().__init__(dim)
        self.dw = nn.Conv2d(dim, dim, kernel, padding=kernel // 2, groups=dim)

    def mix(self, x: Tensor) -> Tensor:
        return self.dw(x)


class PoolFormerTiny(nn.Module):
    def __init__(self, dim: int = 16, n_classes: int = 7):
        super().__init__()
        self.stem = nn.Conv2d(3, dim, 4, stride=4)
        self.blocks = nn.Sequential(PoolBlock(dim), DWConvBlock(dim), PoolBlock(dim))
        self.norm = nn.GroupNorm(1, dim)
        self.head = nn.Linear(dim, n_classes)

    def forward(self, x: Tensor) -> Tensor:
        x = self.norm(self.blocks(self.stem(x)))
        return self.head(x.mean(dim=(2, 3)))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = PoolFormerTiny()

    def forward(self, x: Tensor) -> Tensor:
        return self.net(x)


def inputs():
    torch.manual_seed(5325)
    return [(torch.randn(2, 3, 32, 32),), (torch.randn(1, 3, 24, 40),)]
