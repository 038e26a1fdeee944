# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class TokenEncoder(nn.Module):
    pos_embed: Optional[Tensor]

    def __init__(self, dim: int = 8, max_len: int = 16, learned_pos: bool = True):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        if learned_pos:
            self.pos_embed = nn.Parameter(torch.zeros(1, max_len, dim).normal_(std=0.02))
        else:
            self.pos_embed = None

    def forward(self, x: Tensor) -> Tensor:
        if self.pos_embed is not None:
            x = x + self.pos_embed[:, : x.shape[1]]
        return self.fc(x)


Model = TokenEncoder


def inputs():
    torch.manual_seed(2032)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 9, 8),)]
