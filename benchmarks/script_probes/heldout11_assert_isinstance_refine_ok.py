# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Optional

import torch
import torch.nn as nn


class CrossAttnLite(nn.Module):
    def __init__(self, dim: int = 4, use_context: bool = True):
        super().__init__()
        self.use_context = use_context
        self.q = nn.Linear(dim, dim)
        self.kv = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor, context: Optional[torch.Tensor] = None) -> torch.Tensor:
        if not self.use_context:
            return x
        assert isinstance(context, torch.Tensor)
        attn = torch.softmax(self.q(x) @ self.kv(context).t(), dim=-1)
        return x + attn @ context


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = CrossAttnLite()

    def forward(self, x, context):
        return self.attn(x, context)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4), torch.randn(3, 4)), (torch.randn(5, 4), torch.randn(6, 4))]
