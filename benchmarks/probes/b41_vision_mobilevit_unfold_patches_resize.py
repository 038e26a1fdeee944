# ruff: noqa  (a probe is written as users write models)
import math
from typing import Dict, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F


class TransformerLayer(nn.Module):
    def __init__(self, dim: int, heads: int = 2, mlp_ratio: float = 2.0):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, int(dim * mlp_ratio)), nn.SiLU(), nn.Linear(int(dim * mlp_ratio), dim))

    def forward(self, x):
        y = self.norm1(x)
        x = x + self.attn(y, y, y, need_weights=False)[0]
        return x + self.mlp(self.norm2(x))


class MobileViTBlock(nn.Module):
    def __init__(self, channels: int = 8, dim: int = 16, depth: int = 2, patch_size: Tuple[int, int] = (2, 2)):
        super().__init__()
        self.patch_h, self.patch_w = patch_size
        self.local_rep = nn.Sequential(nn.Conv2d(channels, channels, 3, padding=1), nn.SiLU(), nn.Conv2d(channels, dim, 1))
        self.global_rep = nn.Sequential(*[TransformerLayer(dim) for _ in range(depth)], nn.LayerNorm(dim))
        self.conv_proj = nn.Conv2d(dim, channels, 1)
        self.fusion = nn.Conv2d(2 * channels, channels, 3, padding=1)

    def unfolding(self, feature_map: torch.Tensor) -> Tuple[torch.Tensor, Dict]:
        patch_w, patch_h = self.patch_w, self.patch_h
        batch_size, in_channels, orig_h, orig_w = feature_map.shape
        new_h = int(math.ceil(orig_h / patch_h) * patch_h)
        new_w = int(math.ceil(orig_w / patch_w) * patch_w)
        interpolate = False
        if new_w != orig_w or new_h != orig_h:
            feature_map = F.interpolate(feature_map, size=(new_h, new_w), mode="bilinear", align_corners=False)
            interpolate = True
        num_patch_w, num_patch_h = new_w // patch_w, new_h // patch_h
        num_patches = num_patch_h * num_patch_w
        patch_area = patch_h * patch_w
        x = feature_map.reshape(batch_size * in_channels * num_patch_h, patch_h, num_patch_w, patch_w).transpose(1, 2)
        x = x.reshape(batch_size, in_channels, num_patches, patch_area).transpose(1, 3)
        x = x.reshape(batch_size * patch_area, num_patches, -1)
        info = {"orig_size": (orig_h, orig_w), "batch_size": batch_size, "interpolate": interpolate,
                "total_patches": num_patches, "num_patches_w": num_patch_w, "num_patches_h": num_patch_h}
        return x, info

    def folding(self, x: torch.Tensor, info: Dict) -> torch.Tensor:
        patch_area = self.patch_h * self.patch_w
        b = info["batch_size"]
        x = x.contiguous().view(b, patch_area, info["total_patches"], -1)
        channels = x.size(3)
        nh, nw = info["num_patches_h"], info["num_patches_w"]
        x = x.transpose(1, 3).reshape(b * channels * nh, nw, self.patch_h, self.patch_w).transpose(1, 2)
        x = x.reshape(b, channels, nh * self.patch_h, nw * self.patch_w)
        if info["interpolate"]:
            x = F.interpolate(x, size=info["orig_size"], mode="bilinear", align_corners=False)
        return x

    def forward(self, x):
        res = x
        patches, info = self.unfolding(self.local_rep(x))
        fm = self.folding(self.global_rep(patches), info)
        return self.fusion(torch.cat([res, self.conv_proj(fm)], dim=1))


class MobileViTTiny(nn.Module):
    def __init__(self, num_classes: int = 4):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.SiLU())
        self.block = MobileViTBlock()
        self.head = nn.Linear(8, num_classes)

    def forward(self, img):
        return self.head(self.block(self.stem(img)).mean(dim=(2, 3)))


Model = MobileViTTiny


def inputs():
    torch.manual_seed(4126)
    return [(torch.randn(2, 3, 16, 16),), (torch.randn(1, 3, 22, 18),)]
