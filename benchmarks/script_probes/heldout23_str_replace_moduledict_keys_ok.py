# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class MultiTaskHeads(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        tasks = {"cls.coarse": 3, "cls.fine": 7, "reg.box": 4}
        # ModuleDict keys may not contain dots
        self.heads = nn.ModuleDict({k.replace(".", "__"): nn.Linear(dim, n) for k, n in tasks.items()})

    def forward(self, x) -> Dict[str, Tensor]:
        out: Dict[str, Tensor] = {}
        for key, head in self.heads.items():
            out[key.replace("__", ".")] = head(x)
        return out


Model = MultiTaskHeads


def inputs():
    torch.manual_seed(2319)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
