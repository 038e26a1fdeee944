import functools
import torch
from torch import nn

ADAPTERS = {}


def register(name):
    def deco(cls):
        ADAPTERS[name] = cls
        return cls
    return deco


@register("houlsby")
class BottleneckAdapter(nn.Module):
    def __init__(self, dim, reduction=4, act=nn.ReLU, scale=1.0):
        super().__init__()
        self.down = nn.Linear(dim, dim // reduction)
        self.act = act()
        self.up = nn.Linear(dim // reduction, dim)
        self.scale = scale

    def forward(self, x):
        return x + self.scale * self.up(self.act(self.down(x)))


@register("parallel")
class ParallelAdapter(BottleneckAdapter):
    def forward(self, x, residual=None):
        base = x if residual is None else residual
        return base + self.scale * self.up(self.act(self.down(x)))


def build_adapter(kind, dim, **kw):
    return functools.partial(ADAPTERS[kind], dim, **kw)()


class Model(nn.Module):
    def __init__(self, dim=16, kinds=("houlsby", "parallel")):
        super().__init__()
        self.ffns = nn.ModuleList(nn.Linear(dim, dim) for _ in kinds)
        self.adapters = nn.ModuleList(build_adapter(k, dim, act=nn.GELU, scale=0.5) for k in kinds)

    def forward(self, x):
        for ffn, ad in zip(self.ffns, self.adapters):
            x = ad(ffn(x).relu())
        return x


def inputs():
    torch.manual_seed(6)
    return [(torch.randn(2, 5, 16),), (torch.randn(4, 3, 16) * 3,)]
