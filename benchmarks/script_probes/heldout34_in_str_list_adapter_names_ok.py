# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class AdaptedLayer(nn.Module):
    """Applies the task's adapter only when the task is in the list of registered names."""

    def __init__(self, dim: int = 6, task: str = "pos"):
        super().__init__()
        self.task = task
        self.fc = nn.Linear(dim, dim)
        self.adapter_names = ["ner", "pos"]
        self.adapters = nn.ModuleList([nn.Linear(dim, dim) for _ in self.adapter_names])

    def forward(self, x: Tensor) -> Tensor:
        h = self.fc(x)
        if self.task in self.adapter_names:
            for i, adapter in enumerate(self.adapters):
                if self.adapter_names[i] == self.task:
                    h = h + adapter(h)
        return h


Model = AdaptedLayer


def inputs():
    torch.manual_seed(3438)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
