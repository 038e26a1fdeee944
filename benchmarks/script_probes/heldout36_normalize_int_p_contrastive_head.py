# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class ContrastiveHead(nn.Module):
    """SimCLR-style projection head returning L2-normalized embeddings."""

    def __init__(self, dim: int = 8, hidden: int = 8, out_dim: int = 4):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(dim, hidden), nn.ReLU(), nn.Linear(hidden, out_dim))

    def forward(self, feats: Tensor) -> Tensor:
        z = self.mlp(feats)
        return F.normalize(z, p=2, dim=-1)


Model = ContrastiveHead


def inputs():
    torch.manual_seed(3637)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
