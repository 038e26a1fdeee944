# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class PrecisePairwiseDistance(nn.Module):
    """Pairwise squared distances; upcasts to float64 when TF32 matmuls would lose precision."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: Tensor) -> Tensor:
        z = self.proj(x)
        if x.is_cuda and torch.backends.cuda.matmul.allow_tf32:
            z = z.double()
        sq = (z * z).sum(-1)
        d = sq.unsqueeze(-1) + sq.unsqueeze(-2) - 2 * z @ z.transpose(-1, -2)
        return d.clamp_min(0).to(x.dtype)


Model = PrecisePairwiseDistance


def inputs():
    torch.manual_seed(3806)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
