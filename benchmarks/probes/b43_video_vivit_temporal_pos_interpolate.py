# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class TubeletEmbed(nn.Module):
    def __init__(self, in_ch=3, dim=16, tubelet=(2, 4, 4)):
        super().__init__()
        self.proj = nn.Conv3d(in_ch, dim, kernel_size=tubelet, stride=tubelet)

    def forward(self, x):  # B, C, T, H, W
        x = self.proj(x)
        b, d, t, h, w = x.shape
        return x.flatten(3).permute(0, 2, 3, 1), t  # B, T', N, D


class FactorisedEncoder(nn.Module):
    def __init__(self, dim, heads=2, depth=1):
        super().__init__()
        mk = lambda: nn.TransformerEncoderLayer(dim, heads, dim * 2, dropout=0.0, batch_first=True, norm_first=True)
        self.spatial = nn.TransformerEncoder(mk(), depth, enable_nested_tensor=False)
        self.temporal = nn.TransformerEncoder(mk(), depth, enable_nested_tensor=False)


class ViViT(nn.Module):
    def __init__(self, num_frames=8, img_size=16, dim=16, num_classes=5, tubelet=(2, 4, 4)):
        super().__init__()
        self.embed = TubeletEmbed(3, dim, tubelet)
        self.num_t = num_frames // tubelet[0]
        n_space = (img_size // tubelet[1]) * (img_size // tubelet[2])
        self.space_pos = nn.Parameter(torch.randn(1, 1, n_space, dim) * 0.02)
        self.time_pos = nn.Parameter(torch.randn(1, self.num_t, dim) * 0.02)
        self.encoder = FactorisedEncoder(dim)
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, num_classes)

    def temporal_embedding(self, t):
        if t == self.num_t:
            return self.time_pos
        pos = F.interpolate(self.time_pos.transpose(1, 2), size=t, mode="linear", align_corners=False)
        return pos.transpose(1, 2)

    def forward(self, video):
        x, t = self.embed(video)
        b, _, n, d = x.shape
        x = (x + self.space_pos).reshape(b * t, n, d)
        x = self.encoder.spatial(x).mean(1).view(b, t, d)
        x = self.encoder.temporal(x + self.temporal_embedding(t))
        return self.head(self.norm(x.mean(1)))


Model = ViViT


def inputs():
    torch.manual_seed(4330)
    return [(torch.randn(1, 3, 8, 16, 16),), (torch.randn(1, 3, 12, 16, 16),)]
