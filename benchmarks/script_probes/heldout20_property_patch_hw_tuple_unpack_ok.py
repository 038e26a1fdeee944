# ruff: noqa  (a probe is written as users write models)
from typing import Tuple

import torch
import torch.nn as nn
from torch import Tensor


class PatchUnembed(nn.Module):
    def __init__(self, dim: int = 12, patch: int = 2, ch: int = 3):
        super().__init__()
        self.patch = patch
        self.ch = ch
        self.proj = nn.Linear(dim, patch * patch * ch)

    @property
    def patch_hw(self) -> Tuple[int, int]:
        return self.patch, self.patch

    def forward(self, tokens: Tensor, grid_h: int, grid_w: int) -> Tensor:
        ph, pw = self.patch_hw
        B = tokens.shape[0]
        x = self.proj(tokens).reshape(B, grid_h, grid_w, ph, pw, self.ch)
        return x.permute(0, 5, 1, 3, 2, 4).reshape(B, self.ch, grid_h * ph, grid_w * pw)


Model = PatchUnembed


def inputs():
    torch.manual_seed(2021)
    return [(torch.randn(1, 6, 12), 2, 3), (torch.randn(2, 16, 12), 4, 4)]
