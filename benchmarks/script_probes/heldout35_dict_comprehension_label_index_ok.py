# ruff: noqa  (a probe is written as users write models)
from typing import Dict, List

import torch
import torch.nn as nn
from torch import Tensor


class TaskLogits(nn.Module):
    """Multi-task head that picks one task's logit column by name through a dict comprehension."""

    def __init__(
        self, dim: int = 8, tasks: List[str] = ("age", "gender", "emotion"), pick: str = "gender"
    ):
        super().__init__()
        self.tasks = list(tasks)
        self.pick = pick
        self.fc = nn.Linear(dim, len(self.tasks))

    def index(self) -> Dict[str, int]:
        return {name: i for i, name in enumerate(self.tasks)}

    def forward(self, x: Tensor) -> Tensor:
        return self.fc(x)[..., self.index()[self.pick]]


Model = TaskLogits


def inputs():
    torch.manual_seed(3523)
    return [(torch.randn(2, 8),), (torch.randn(3, 2, 8),)]
