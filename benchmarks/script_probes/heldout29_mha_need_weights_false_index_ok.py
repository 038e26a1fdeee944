# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class PerceiverCrossAttn(nn.Module):
    """Latent array cross-attends to inputs; MHA called with need_weights=False, output [0]."""

    def __init__(self, dim: int = 8, latents: int = 4, heads: int = 2):
        super().__init__()
        self.latents = nn.Parameter(torch.randn(latents, dim) * 0.02)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x: Tensor, pad_mask: Optional[Tensor] = None) -> Tensor:
        q = self.latents.unsqueeze(0).expand(x.shape[0], -1, -1)
        out = self.attn(q, self.norm(x), self.norm(x), key_padding_mask=pad_mask, need_weights=False)[0]
        return q + out


Model = PerceiverCrossAttn


def inputs():
    torch.manual_seed(2924)
    mask = torch.tensor([[False, False, False, True], [False, False, True, True]])
    return [(torch.randn(3, 6, 8),), (torch.randn(2, 4, 8), mask)]
