# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


def merge_masks(attn_mask: Optional[Tensor], pad_mask: Optional[Tensor]) -> Optional[Tensor]:
    if attn_mask is None and pad_mask is None:
        return None
    if attn_mask is None:
        return pad_mask.float() * -1e4
    if pad_mask is None:
        return attn_mask
    return attn_mask + pad_mask.float() * -1e4


class MaskedScores(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, dim)

    def forward(self, x: Tensor, pad_mask: Optional[Tensor] = None) -> Tensor:
        scores = self.q(x) @ self.k(x).transpose(-1, -2)
        mask = merge_masks(None, pad_mask)
        if mask is not None:
            scores = scores + mask[:, None, :]
        return scores.softmax(-1)


Model = MaskedScores


def inputs():
    torch.manual_seed(2210)
    return [
        (torch.randn(2, 4, 8), torch.tensor([[0, 0, 1, 1], [0, 0, 0, 1]], dtype=torch.bool)),
        (torch.randn(1, 3, 8), None),
    ]
