# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class MultiTaskHeads(nn.Module):
    def __init__(self, dim: int = 8, disabled=("depth",)):
        super().__init__()
        self.heads = nn.ModuleDict(
            {"seg": nn.Linear(dim, 3), "depth": nn.Linear(dim, 1), "normal": nn.Linear(dim, 3)}
        )
        self.disabled = list(disabled)

    def forward(self, x: Tensor) -> Dict[str, Tensor]:
        out: Dict[str, Tensor] = {}
        for name, head in self.heads.items():
            if name in self.disabled:
                continue
            out[name] = head(x)
        return out


Model = MultiTaskHeads


def inputs():
    torch.manual_seed(2010)
    return [(torch.randn(2, 8),), (torch.randn(4, 3, 8),)]
