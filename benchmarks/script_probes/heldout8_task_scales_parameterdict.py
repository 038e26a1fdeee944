# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict

import torch
from torch import nn


class MultiTaskHead(nn.Module):
    def __init__(self, dim: int = 8, tasks=("seg", "depth", "normal")):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.task_scale = nn.ParameterDict({t: nn.Parameter(torch.full((dim,), 1.0 + i)) for i, t in enumerate(tasks)})

    def forward(self, x: torch.Tensor) -> Dict[str, torch.Tensor]:
        h = self.proj(x)
        out: Dict[str, torch.Tensor] = {}
        for task, scale in self.task_scale.items():
            out[task] = h * scale
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = MultiTaskHead()

    def forward(self, x):
        return self.head(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
