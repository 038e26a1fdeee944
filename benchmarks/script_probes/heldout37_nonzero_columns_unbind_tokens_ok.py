# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class MaskedTokenFill(nn.Module):
    """Replaces masked tokens by a learned embedding (BERT-style masked modelling)."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.mask_token = nn.Parameter(torch.randn(dim))
        self.proj = nn.Linear(dim, dim)

    def masked_positions(self, mask: Tensor):
        index = torch.nonzero(mask)
        return index[:, 0], index[:, 1]

    def forward(self, x: Tensor, mask: Tensor) -> Tensor:
        x = x.clone()
        rows, cols = self.masked_positions(mask)
        x[rows, cols] = self.mask_token.to(x.dtype)
        return self.proj(x)


Model = MaskedTokenFill


def inputs():
    torch.manual_seed(3713)
    return [
        (torch.randn(2, 5, 8), torch.rand(2, 5) > 0.5),
        (torch.randn(1, 3, 8), torch.tensor([[True, False, True]])),
    ]
