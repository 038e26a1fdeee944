# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PointFeatureEncoder(nn.Module):
    """Point cloud: per-point MLP, then a LayerNorm module constructed inside forward from the
    current feature width (no affine parameters)."""

    def __init__(self, d_in: int = 3, d: int = 16):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(d_in, d), nn.ReLU(), nn.Linear(d, d))
        self.head = nn.Linear(d, 4)

    def forward(self, pts):
        h = self.mlp(pts)
        h = nn.LayerNorm(h.shape[-1], elementwise_affine=False)(h)
        return self.head(h.max(dim=1).values)


Model = PointFeatureEncoder


def inputs():
    torch.manual_seed(5728)
    return [(torch.randn(2, 20, 3),), (torch.randn(3, 31, 3),)]
