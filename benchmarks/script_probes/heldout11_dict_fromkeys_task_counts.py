# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict, List

import torch
import torch.nn as nn

TASKS = ["cls", "reg", "seg"]


class TaskRouter(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.tasks = TASKS
        self.heads = nn.ModuleDict({t: nn.Linear(dim, 2) for t in TASKS})

    def forward(self, x: torch.Tensor, active: List[str]) -> Dict[str, torch.Tensor]:
        counts = dict.fromkeys(self.tasks, 0)
        for name in active:
            counts[name] += 1
        out: Dict[str, torch.Tensor] = {}
        for name, head in self.heads.items():
            out[name] = head(x) * counts[name]
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = TaskRouter()

    def forward(self, x, active: List[str]):
        return self.router(x, active)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4), ["cls", "seg", "cls"]), (torch.randn(3, 4), ["reg"])]
