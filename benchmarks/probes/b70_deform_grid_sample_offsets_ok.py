# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def base_grid(h: int, w: int, like: torch.Tensor) -> torch.Tensor:
    ys = torch.linspace(-1.0, 1.0, h, dtype=like.dtype, device=like.device)
    xs = torch.linspace(-1.0, 1.0, w, dtype=like.dtype, device=like.device)
    gy, gx = torch.meshgrid(ys, xs, indexing="ij")
    return torch.stack((gx, gy), -1)


class Model(nn.Module):
    """Deformable resampling: a conv predicts per-pixel offsets added to the identity grid."""

    def __init__(self, channels: int = 3):
        super().__init__()
        self.offsets = nn.Conv2d(channels, 2, 3, padding=1)
        self.scale = 0.1

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, _, h, w = x.shape
        off = torch.tanh(self.offsets(x)).permute(0, 2, 3, 1) * self.scale
        grid = base_grid(h, w, x).unsqueeze(0) + off
        return F.grid_sample(x, grid, mode="bilinear", padding_mode="border", align_corners=True)


def inputs():
    torch.manual_seed(7018)
    return [(torch.randn(2, 3, 6, 8),), (torch.randn(2, 3, 6, 8),)]
