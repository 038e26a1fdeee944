import torch
import torch.nn.functional as F
from torch import nn


def _to_2tuple(v):
    return (v, v) if isinstance(v, int) else tuple(v)


class PatchEmbed(nn.Module):
    def __init__(self, patch_size=4, in_chans=3, embed_dim=16, norm_layer=nn.LayerNorm):
        super().__init__()
        self.patch_size = _to_2tuple(patch_size)
        self.proj = nn.Conv2d(in_chans, embed_dim, self.patch_size, self.patch_size)
        self.norm = norm_layer(embed_dim) if norm_layer is not None else nn.Identity()

    def _pad(self, x):
        _, _, h, w = x.shape
        ph, pw = self.patch_size
        pad_h = (ph - h % ph) % ph
        pad_w = (pw - w % pw) % pw
        if pad_h or pad_w:  # breaks: trace
            x = F.pad(x, (0, pad_w, 0, pad_h))
        return x

    def forward(self, x):
        x = self.proj(self._pad(x))
        x = x.flatten(2).transpose(1, 2)
        return self.norm(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch_embed = PatchEmbed()
        self.head = nn.Linear(16, 5)

    def forward(self, images):
        tokens = self.patch_embed(images)
        return self.head(tokens.mean(1))


def inputs():
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 10, 7),)]
