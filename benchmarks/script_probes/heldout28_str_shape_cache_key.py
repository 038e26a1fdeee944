# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class RelPosBias(nn.Module):
    """Relative-position bias returned keyed by str(shape) so callers can cache per resolution."""

    def __init__(self, heads: int = 2):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(heads, 1, 1))

    def forward(self, attn) -> Dict[str, Tensor]:
        n = attn.shape[-1]
        idx = torch.arange(n)
        bias = -(idx[None, :] - idx[:, None]).abs().float() * self.scale
        return {str(attn.shape): attn + bias}


Model = RelPosBias


def inputs():
    torch.manual_seed(2842)
    return [(torch.randn(1, 2, 4, 4),), (torch.randn(3, 2, 3, 3),)]
