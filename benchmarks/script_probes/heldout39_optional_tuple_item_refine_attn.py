# ruff: noqa  (a probe is written as users write models)
from typing import Optional, Tuple

import torch
import torch.nn as nn
from torch import Tensor


class AttnEncoder(nn.Module):
    def __init__(self, dim: int = 8, return_attn: bool = True):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.return_attn = return_attn

    def forward(self, x: Tensor) -> Tuple[Tensor, Optional[Tensor]]:
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = (q @ k.transpose(-1, -2)).softmax(-1)
        out = attn @ v
        if self.return_attn:
            return out, attn
        return out, None


class SaliencyModel(nn.Module):
    """Adds the attention each token receives to its features when the encoder returns it."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.encoder = AttnEncoder(dim)
        self.head = nn.Linear(dim, 2)

    def forward(self, x: Tensor) -> Tensor:
        outputs = self.encoder(x)
        feats = outputs[0]
        if outputs[1] is not None:
            feats = feats + outputs[1].sum(1).unsqueeze(-1)
        return self.head(feats)


Model = SaliencyModel


def inputs():
    torch.manual_seed(3904)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
