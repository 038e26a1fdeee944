# ruff: noqa  (a probe is written as users write models)
import math
from typing import Optional

import torch
import torch.nn as nn
import torch.nn.functional as F


class LinearBatchEnsemble(nn.Module):
    """Shared weight with per-member rank-1 input/output scaling (TabM style)."""

    def __init__(self, in_features: int, out_features: int, k: int, bias: bool = True, scaling_init: str = "ones"):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(in_features, out_features))
        self.r = nn.Parameter(torch.empty(k, in_features))
        self.s = nn.Parameter(torch.empty(k, out_features))
        self.bias = nn.Parameter(torch.empty(k, out_features)) if bias else None
        self.reset_parameters(scaling_init)

    @torch.no_grad()
    def reset_parameters(self, scaling_init: str) -> None:
        bound = 1 / math.sqrt(self.weight.shape[0])
        nn.init.uniform_(self.weight, -bound, bound)
        init = {"ones": nn.init.ones_, "random-signs": lambda t: t.bernoulli_(0.5).mul_(2).sub_(1)}[scaling_init]
        init(self.r)
        init(self.s)
        if self.bias is not None:
            nn.init.uniform_(self.bias, -bound, bound)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # x: (B, k, in)
        assert x.ndim == 3 and x.shape[1] == self.r.shape[0]
        x = x * self.r
        x = x @ self.weight
        x = x * self.s
        if self.bias is not None:
            x = x + self.bias
        return x


class TabM(nn.Module):
    def __init__(self, n_num: int = 6, cat_cards=(4, 9), d_block: int = 32, n_blocks: int = 2, k: int = 4,
                 d_out: int = 3, dropout: float = 0.1):
        super().__init__()
        self.k = k
        self.cat_cards = list(cat_cards)
        d_in = n_num + sum(self.cat_cards)
        blocks = []
        for i in range(n_blocks):
            blocks += [LinearBatchEnsemble(d_in if i == 0 else d_block, d_block, k,
                                           scaling_init="random-signs" if i == 0 else "ones"),
                       nn.ReLU(), nn.Dropout(dropout)]
        self.backbone = nn.Sequential(*blocks)
        self.heads = nn.Parameter(torch.randn(k, d_block, d_out) / math.sqrt(d_block))

    def forward(self, x_num: torch.Tensor, x_cat: Optional[torch.Tensor] = None) -> torch.Tensor:
        parts = [x_num]
        if x_cat is not None:
            parts += [F.one_hot(x_cat[:, i], c).float() for i, c in enumerate(self.cat_cards)]
        x = torch.cat(parts, dim=1)
        x = x.unsqueeze(1).expand(-1, self.k, -1)
        h = self.backbone(x)
        preds = torch.einsum("bkd,kdo->bko", h, self.heads)
        return preds.softmax(-1).mean(1)


Model = TabM


def inputs():
    torch.manual_seed(4110)
    cat = lambda n: torch.stack([torch.randint(0, 4, (n,)), torch.randint(0, 9, (n,))], 1)
    return [(torch.randn(5, 6), cat(5)), (torch.randn(8, 6), cat(8))]
