# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Ball-query pooling: small clouds use every point as a centre, larger ones a strided
    subset so the pairwise table stays bounded."""

    def __init__(self, radius: float = 1.0, max_centers: int = 8):
        super().__init__()
        self.radius, self.max_centers = radius, max_centers
        self.point = nn.Linear(3, 6)

    def forward(self, xyz: torch.Tensor) -> torch.Tensor:
        n = xyz.shape[1]
        if 1 < n <= self.max_centers:  # breaks: trace
            centers = xyz
        else:
            centers = xyz[:, :: n // self.max_centers + 1]
        inside = (torch.cdist(centers, xyz) < self.radius).to(xyz.dtype)
        feats = self.point(xyz)
        return inside @ feats / inside.sum(-1, keepdim=True).clamp(min=1.0)


def inputs():
    torch.manual_seed(7326)
    return [(torch.randn(2, 6, 3),), (torch.randn(2, 12, 3),)]
