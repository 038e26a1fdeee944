# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


@torch.jit.interface
class HeadProtocol(nn.Module):
    def forward(self, input: Tensor) -> Tensor:
        pass


class MultiTaskModel(nn.Module):
    """Shared trunk, one head per task; the task's head is fetched by name through a declared
    head protocol."""

    def __init__(self):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(8, 8), nn.ReLU())
        self.heads = nn.ModuleDict({"intent": nn.Linear(8, 4), "slot": nn.Linear(8, 4)})

    def _run_head(self, task: str, h: Tensor) -> Tensor:
        head: HeadProtocol = self.heads[task]
        return head.forward(h)

    def forward(self, x: Tensor, task: str = "intent") -> Tensor:
        return self._run_head(task, self.trunk(x))


Model = MultiTaskModel


def inputs():
    torch.manual_seed(3305)
    return [(torch.randn(2, 8), "intent"), (torch.randn(3, 8), "slot")]
