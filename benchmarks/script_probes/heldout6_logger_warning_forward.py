# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


class PositionEmbedding(nn.Module):
    def __init__(self, max_len: int, dim: int):
        super().__init__()
        self.max_len = max_len
        self.embed = nn.Embedding(max_len, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = x.shape[1]
        if n > self.max_len:
            logger.warning("sequence length %d exceeds max %d, truncating", n, self.max_len)
            x = x[:, : self.max_len]
            n = self.max_len
        return x + self.embed(torch.arange(n, device=x.device))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pos = PositionEmbedding(6, 4)

    def forward(self, x):
        return self.pos(x)


def inputs():
    return [(torch.randn(2, 5, 4),), (torch.randn(1, 8, 4),)]
