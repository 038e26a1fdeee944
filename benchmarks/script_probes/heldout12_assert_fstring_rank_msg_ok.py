# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class PatchEmbed(nn.Module):
    def __init__(self, patch: int = 2, cin: int = 3, dim: int = 8):
        super().__init__()
        self.patch = patch
        self.proj = nn.Conv2d(cin, dim, patch, stride=patch)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        assert x.dim() == 4, f"expected NCHW input, got {x.dim()} dims"
        h, w = x.shape[-2], x.shape[-1]
        assert h % self.patch == 0 and w % self.patch == 0, f"size {h}x{w} not divisible by {self.patch}"
        return self.proj(x).flatten(2).transpose(1, 2)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = PatchEmbed()

    def forward(self, x):
        return self.embed(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 4, 6),), (torch.randn(2, 3, 8, 8),)]
