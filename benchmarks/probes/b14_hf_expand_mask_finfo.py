from typing import Optional

import torch
from torch import nn


def _expand_mask(mask: torch.Tensor, dtype: torch.dtype, tgt_len: Optional[int] = None):
    bsz, src_len = mask.size()
    tgt_len = tgt_len if tgt_len is not None else src_len
    expanded = mask[:, None, None, :].expand(bsz, 1, tgt_len, src_len).to(dtype)
    inverted = 1.0 - expanded
    return inverted.masked_fill(inverted.to(torch.bool), torch.finfo(dtype).min)


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, dim)

    def forward(self, x, attention_mask):
        scores = self.q(x) @ self.k(x).transpose(-1, -2) / x.size(-1) ** 0.5
        scores = scores.unsqueeze(1) + _expand_mask(attention_mask, scores.dtype)
        return scores.softmax(dim=-1) @ x.unsqueeze(1)


def inputs():
    return [
        (torch.randn(2, 4, 8), torch.tensor([[1, 1, 1, 0], [1, 1, 0, 0]])),
        (torch.randn(1, 6, 8), torch.tensor([[1, 1, 1, 1, 1, 0]])),
    ]
