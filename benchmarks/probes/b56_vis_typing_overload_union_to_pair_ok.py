# ruff: noqa  (a probe is written as users write models)
from typing import Tuple, Union, overload

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


@overload
def to_pair(x: int) -> Tuple[int, int]: ...
@overload
def to_pair(x: Tuple[int, int]) -> Tuple[int, int]: ...
def to_pair(x: Union[int, Tuple[int, int]]) -> Tuple[int, int]:
    if isinstance(x, int):
        return (x, x)
    return x


class PatchEmbed(nn.Module):
    """Image to patch tokens; pads the image up to whole patches first."""

    def __init__(self, patch: Union[int, Tuple[int, int]] = 4, c_in: int = 3, d: int = 16):
        super().__init__()
        self.patch = patch
        ph, pw = to_pair(patch)
        self.proj = nn.Conv2d(c_in, d, (ph, pw), stride=(ph, pw))
        self.norm = nn.LayerNorm(d)

    def forward(self, x: Tensor) -> Tensor:
        ph, pw = to_pair(self.patch)
        pad_h = (ph - x.shape[-2] % ph) % ph
        pad_w = (pw - x.shape[-1] % pw) % pw
        x = F.pad(x, [0, pad_w, 0, pad_h])
        return self.norm(self.proj(x).flatten(2).transpose(1, 2))


class MixerBlock(nn.Module):
    def __init__(self, d: int = 16):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, x: Tensor) -> Tensor:
        return x + self.mlp(self.norm(x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = PatchEmbed(patch=(4, 2))
        self.blocks = nn.Sequential(MixerBlock(), MixerBlock())
        self.head = nn.Linear(16, 10)

    def forward(self, img: Tensor) -> Tensor:
        tokens = self.blocks(self.embed(img))
        return self.head(tokens.mean(dim=1))


def inputs():
    torch.manual_seed(5625)
    return [(torch.randn(2, 3, 18, 15),), (torch.randn(1, 3, 24, 20),)]
