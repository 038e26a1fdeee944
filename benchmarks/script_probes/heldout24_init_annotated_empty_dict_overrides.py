# ruff: noqa  (a probe is written as users write models)
from typing import Dict, List

import torch
import torch.nn as nn
from torch import Tensor


class MultiTaskHead(nn.Module):
    def __init__(self, dim: int = 8, tasks=("seg", "depth")):
        super().__init__()
        self.tasks = list(tasks)
        self.heads = nn.ModuleDict({t: nn.Linear(dim, 2) for t in tasks})
        # per-task loss/output scale overrides, none by default
        self.scale_overrides: Dict[str, float] = {}

    def forward(self, x: Tensor) -> List[Tensor]:
        outs: List[Tensor] = []
        for name, head in self.heads.items():
            scale = self.scale_overrides.get(name, 1.0)
            outs.append(head(x) * scale)
        return outs


Model = MultiTaskHead


def inputs():
    torch.manual_seed(2401)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
