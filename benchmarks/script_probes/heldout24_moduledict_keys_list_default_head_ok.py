# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class MultiHead(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.heads = nn.ModuleDict({"cls": nn.Linear(dim, 3), "reg": nn.Linear(dim, 4)})

    def forward(self, x: Tensor, task: Optional[str] = None) -> Tensor:
        if task is None:
            task = list(self.heads.keys())[0]
        out = x
        for name, head in self.heads.items():
            if name == task:
                out = head(x)
        return out


Model = MultiHead


def inputs():
    torch.manual_seed(2452)
    return [(torch.randn(2, 4),), (torch.randn(5, 4), "reg")]
