# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def backward_warp(img: torch.Tensor, flow: torch.Tensor) -> torch.Tensor:
    """Warps img by flow (pixels) with a base grid built from the input's own size (a 1-pixel side guarded)."""
    b, _, h, w = img.shape
    ys, xs = torch.meshgrid(
        torch.arange(h, dtype=img.dtype, device=img.device),
        torch.arange(w, dtype=img.dtype, device=img.device),
        indexing="ij",
    )
    gx = 2.0 * (xs[None] + flow[:, 0]) / max(w - 1, 1) - 1.0
    gy = 2.0 * (ys[None] + flow[:, 1]) / max(h - 1, 1) - 1.0
    grid = torch.stack([gx, gy], dim=-1)
    return F.grid_sample(img, grid, align_corners=True)


class Model(nn.Module):
    """Optical-flow refinement: predicts a residual flow and warps the second frame onto the first."""

    def __init__(self):
        super().__init__()
        self.flow = nn.Conv2d(6, 2, 3, padding=1)

    def forward(self, f1: torch.Tensor, f2: torch.Tensor) -> torch.Tensor:
        flow = self.flow(torch.cat([f1, f2], 1))
        return backward_warp(f2, flow)


def inputs():
    torch.manual_seed(7117)
    return [(torch.rand(1, 3, 8, 8), torch.rand(1, 3, 8, 8)), (torch.rand(1, 3, 8, 8), torch.rand(1, 3, 8, 8))]
