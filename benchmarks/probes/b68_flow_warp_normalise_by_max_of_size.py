# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def local_correlation(f1: torch.Tensor, f2: torch.Tensor, radius: int) -> torch.Tensor:
    """Cost volume over a (2r+1)^2 neighbourhood, as in PWC-Net, via unfold."""
    b, c, h, w = f1.shape
    k = 2 * radius + 1
    f2u = F.unfold(f2, k, padding=radius).view(b, c, k * k, h, w)
    return (f1.unsqueeze(2) * f2u).mean(1)


def warp(x: torch.Tensor, flow: torch.Tensor) -> torch.Tensor:
    """Backward warping with grid_sample; flow is in pixels."""
    b, _, h, w = x.shape
    gy, gx = torch.meshgrid(
        torch.linspace(-1.0, 1.0, h, dtype=x.dtype, device=x.device),
        torch.linspace(-1.0, 1.0, w, dtype=x.dtype, device=x.device),
        indexing="ij",
    )
    fx = flow[:, 0] * (2.0 / max(w - 1, 1))
    fy = flow[:, 1] * (2.0 / max(h - 1, 1))
    grid = torch.stack([gx.unsqueeze(0) + fx, gy.unsqueeze(0) + fy], dim=-1)
    return F.grid_sample(x, grid, mode="bilinear", padding_mode="border", align_corners=True)


class Model(nn.Module):
    """One refinement level of a coarse-to-fine flow network."""

    def __init__(self, c: int = 6, radius: int = 1):
        super().__init__()
        self.radius = radius
        self.feat = nn.Sequential(nn.Conv2d(3, c, 3, padding=1), nn.LeakyReLU(0.1))
        k = (2 * radius + 1) ** 2
        self.flow_head = nn.Conv2d(k + c, 2, 3, padding=1)

    def forward(self, im1: torch.Tensor, im2: torch.Tensor):
        f1, f2 = self.feat(im1), self.feat(im2)
        corr = local_correlation(f1, f2, self.radius)
        flow = self.flow_head(torch.cat([corr, f1], dim=1))
        return flow, warp(im2, flow)


def inputs():
    torch.manual_seed(6830)
    return [
        (torch.randn(1, 3, 8, 10), torch.randn(1, 3, 8, 10)),
        (torch.randn(2, 3, 11, 7), torch.randn(2, 3, 11, 7)),
    ]
