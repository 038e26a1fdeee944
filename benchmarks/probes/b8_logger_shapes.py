import logging

import torch
from torch import nn

log = logging.getLogger(__name__)


class Model(nn.Module):
    def __init__(self, dim: int = 8, heads: int = 2):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)

    def forward(self, x):
        out, _ = self.attn(x, x, x, need_weights=False)
        log.info("attention output %s", tuple(out.shape))  # breaks: compile
        return out


def inputs():
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 6, 8),)]
