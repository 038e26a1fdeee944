# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class TaskHeads(nn.Module):
    def __init__(self, dim: int, tasks):
        super().__init__()
        self.heads = nn.ModuleDict({name: nn.Linear(dim, n) for name, n in tasks.items()})


class MultiTaskModel(nn.Module):
    """Shared trunk, one head per task; the caller names the task to run."""

    def __init__(self):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(8, 8), nn.ReLU())
        self.decoder = TaskHeads(8, {"intent": 4, "slot": 4})

    def forward(self, x: Tensor, task: str = "intent") -> Tensor:
        h = self.trunk(x)
        return self.decoder.heads[task](h)


Model = MultiTaskModel


def inputs():
    torch.manual_seed(3304)
    return [(torch.randn(2, 8), "intent"), (torch.randn(3, 8), "slot")]
