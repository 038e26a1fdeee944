import torch
from torch import nn
from functools import partial


def drop_path(x, drop_prob: float = 0.0, training: bool = False, scale_by_keep: bool = True):
    if drop_prob == 0.0 or not training:
        return x
    keep_prob = 1 - drop_prob
    shape = (x.shape[0],) + (1,) * (x.ndim - 1)
    random_tensor = x.new_empty(shape).bernoulli_(keep_prob)
    if keep_prob > 0.0 and scale_by_keep:
        random_tensor.div_(keep_prob)
    return x * random_tensor


class DropPath(nn.Module):
    def __init__(self, drop_prob=0.0):
        super().__init__()
        self.drop_prob = drop_prob

    def forward(self, x):
        return drop_path(x, self.drop_prob, self.training)

    def extra_repr(self):
        return f"drop_prob={round(self.drop_prob, 3):0.3f}"


class ConvNeXtBlock(nn.Module):
    def __init__(self, dim, drop_path=0.0, ls_init=1e-6, norm_layer=partial(nn.LayerNorm, eps=1e-6)):
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, 7, padding=3, groups=dim)
        self.norm = norm_layer(dim)
        self.pw = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))
        self.gamma = nn.Parameter(ls_init * torch.ones(dim)) if ls_init > 0 else None
        self.drop_path = DropPath(drop_path) if drop_path > 0.0 else nn.Identity()

    def forward(self, x):
        h = self.pw(self.norm(self.dwconv(x).permute(0, 2, 3, 1)))
        if self.gamma is not None:
            h = h * self.gamma
        return x + self.drop_path(h.permute(0, 3, 1, 2))


class Model(nn.Module):
    def __init__(self, dim=8, depth=3, dpr=0.2):
        super().__init__()
        rates = [r.item() for r in torch.linspace(0, dpr, depth)]
        self.blocks = nn.Sequential(*[ConvNeXtBlock(dim, drop_path=r, ls_init=0.5) for r in rates])

    def forward(self, x):
        return self.blocks(x)


def inputs():
    torch.manual_seed(11)
    return [(torch.randn(2, 8, 8, 8),), (torch.randn(1, 8, 6, 10) * 2,)]
