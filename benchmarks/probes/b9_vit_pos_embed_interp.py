import torch
import torch.nn.functional as F
from torch import nn


class ViTEmbeddings(nn.Module):
    def __init__(self, img_size: int = 8, patch: int = 4, dim: int = 8):
        super().__init__()
        self.patch = patch
        self.grid = img_size // patch
        self.proj = nn.Conv2d(3, dim, patch, patch)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.pos_embed = nn.Parameter(torch.randn(1, 1 + self.grid * self.grid, dim) * 0.02)

    def interpolate_pos_encoding(self, n_patches: int, h: int, w: int):
        if n_patches == self.grid * self.grid and h == w:  # breaks: trace
            return self.pos_embed
        cls_pos, patch_pos = self.pos_embed[:, :1], self.pos_embed[:, 1:]
        dim = patch_pos.shape[-1]
        patch_pos = patch_pos.reshape(1, self.grid, self.grid, dim).permute(0, 3, 1, 2)
        patch_pos = F.interpolate(
            patch_pos, size=(h // self.patch, w // self.patch), mode="bicubic", align_corners=False
        )
        return torch.cat([cls_pos, patch_pos.flatten(2).transpose(1, 2)], dim=1)

    def forward(self, pixel_values):
        _, _, h, w = pixel_values.shape
        x = self.proj(pixel_values).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], dim=1)
        return x + self.interpolate_pos_encoding(x.shape[1] - 1, h, w)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embeddings = ViTEmbeddings()
        self.encoder = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, batch_first=True)
        self.head = nn.Linear(8, 3)

    def forward(self, pixel_values):
        x = self.encoder(self.embeddings(pixel_values))
        return self.head(x[:, 0])


def inputs():
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 12, 8),)]
