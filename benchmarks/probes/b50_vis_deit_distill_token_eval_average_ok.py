# ruff: noqa  (a probe is written as users write models)
from typing import Tuple, Union

import torch
import torch.nn as nn
from torch import Tensor


class PatchEmbed(nn.Module):
    def __init__(self, img_size: int = 16, patch_size: int = 4, in_chans: int = 3, embed_dim: int = 16):
        super().__init__()
        self.num_patches = (img_size // patch_size) ** 2
        self.proj = nn.Conv2d(in_chans, embed_dim, kernel_size=patch_size, stride=patch_size)

    def forward(self, x: Tensor) -> Tensor:
        return self.proj(x).flatten(2).transpose(1, 2)


class DistilledViT(nn.Module):
    def __init__(self, embed_dim: int = 16, depth: int = 2, heads: int = 2, num_classes: int = 7):
        super().__init__()
        self.patch_embed = PatchEmbed(embed_dim=embed_dim)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, embed_dim))
        self.dist_token = nn.Parameter(torch.zeros(1, 1, embed_dim))
        self.pos_embed = nn.Parameter(torch.randn(1, self.patch_embed.num_patches + 2, embed_dim) * 0.02)
        layer = nn.TransformerEncoderLayer(embed_dim, heads, embed_dim * 2, dropout=0.0, activation="gelu", batch_first=True, norm_first=True)
        self.blocks = nn.TransformerEncoder(layer, depth, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(embed_dim)
        self.head = nn.Linear(embed_dim, num_classes)
        self.head_dist = nn.Linear(embed_dim, num_classes)

    def forward_features(self, x: Tensor) -> Tuple[Tensor, Tensor]:
        B = x.shape[0]
        x = self.patch_embed(x)
        cls_tokens = self.cls_token.expand(B, -1, -1)
        dist_token = self.dist_token.expand(B, -1, -1)
        x = torch.cat((cls_tokens, dist_token, x), dim=1) + self.pos_embed
        x = self.norm(self.blocks(x))
        return x[:, 0], x[:, 1]

    def forward(self, x: Tensor) -> Union[Tensor, Tuple[Tensor, Tensor]]:
        x, x_dist = self.forward_features(x)
        x, x_dist = self.head(x), self.head_dist(x_dist)
        if self.training:
            return x, x_dist
        return (x + x_dist) / 2


Model = DistilledViT


def inputs():
    torch.manual_seed(5030)
    return [
        (torch.randn(1, 3, 16, 16),),
        (torch.randn(3, 3, 16, 16),),
    ]
