# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor
from typing import Tuple


def split_cls_token(x: Tensor, has_cls: bool) -> Tuple[Tensor, Tensor]:
    if not has_cls:
        return (x,)
    return x[:, :1], x[:, 1:]


class TokenHead(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.has_cls = True
        self.fc = nn.Linear(dim, 2)

    def forward(self, x: Tensor) -> Tensor:
        parts = split_cls_token(x, self.has_cls)
        return self.fc(parts[0].mean(1))


Model = TokenHead


def inputs():
    torch.manual_seed(2129)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
