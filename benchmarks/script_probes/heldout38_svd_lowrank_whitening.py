# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class LowRankWhitening(nn.Module):
    """Projects token features onto their top principal directions (per sample) and whitens them."""

    def __init__(self, dim: int = 8, rank: int = 3):
        super().__init__()
        self.rank = rank
        self.proj = nn.Linear(rank, dim)

    def forward(self, x: Tensor) -> Tensor:
        centered = x - x.mean(dim=-2, keepdim=True)
        u, s, v = torch.svd_lowrank(centered, q=self.rank, niter=4)
        coords = centered @ v / (s.unsqueeze(-2) + 1e-5)
        return self.proj(coords)


Model = LowRankWhitening


def inputs():
    torch.manual_seed(3809)
    return [(torch.randn(2, 6, 8),), (torch.randn(1, 5, 8),)]
