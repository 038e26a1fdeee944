# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class NeighborhoodEncoder(nn.Module):
    """Keypoint encoder: a 3x3 grid of offsets from torch.cartesian_prod around each 2-D point."""

    def __init__(self, spacing: float = 0.1, d: int = 8):
        super().__init__()
        self.spacing = spacing
        self.mlp = nn.Sequential(nn.Linear(18, d), nn.ReLU(), nn.Linear(d, d))

    def forward(self, pts: Tensor) -> Tensor:
        r = torch.arange(-1, 2, dtype=pts.dtype, device=pts.device)
        off = torch.cartesian_prod(r, r) * self.spacing
        nb = pts.unsqueeze(-2) + off
        return self.mlp(torch.sin(3.0 * nb).flatten(-2))


Model = NeighborhoodEncoder


def inputs():
    torch.manual_seed(5224)
    return [(torch.randn(2, 5, 2),), (torch.randn(1, 9, 2),)]
