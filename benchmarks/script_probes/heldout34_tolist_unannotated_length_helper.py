# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def masked_mean_by_length(h: Tensor, lengths: Tensor) -> Tensor:
    """Mean of each padded row over its true length (lengths read back as Python ints)."""
    pooled = []
    for i, n in enumerate(lengths.tolist()):
        pooled.append(h[i, :n].mean(0))
    return torch.stack(pooled)


class LengthPooler(nn.Module):
    """Sequence encoder whose pooling goes through a module-level helper."""

    def __init__(self, dim: int = 6):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: Tensor, lengths: Tensor) -> Tensor:
        return masked_mean_by_length(self.proj(x), lengths)


Model = LengthPooler


def inputs():
    torch.manual_seed(3406)
    return [
        (torch.randn(3, 5, 6), torch.tensor([5, 2, 3])),
        (torch.randn(2, 4, 6), torch.tensor([1, 4])),
    ]
