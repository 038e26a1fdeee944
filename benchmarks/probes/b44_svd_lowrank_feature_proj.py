# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class LowRankProjector(nn.Module):
    """Projects token features onto their top principal directions (batch PCA)."""

    def __init__(self, dim=12, rank=3):
        super().__init__()
        self.rank = rank
        self.mlp = nn.Linear(dim, dim)

    def forward(self, x):
        h = torch.tanh(self.mlp(x))
        U, S, V = torch.pca_lowrank(h, q=self.rank, center=True, niter=4)
        proj = (h - h.mean(0, keepdim=True)) @ V[:, : self.rank]
        return proj.abs(), S


Model = LowRankProjector


def inputs():
    torch.manual_seed(23)
    return [(torch.randn(16, 12),), (torch.randn(20, 12),)]
