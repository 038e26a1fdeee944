# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class TaskScaledEncoder(nn.Module):
    """Shared encoder with one learned output scale per task, kept in a ParameterDict."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.scales = nn.ParameterDict(
            {"cls": nn.Parameter(torch.ones(dim)), "reg": nn.Parameter(torch.full((dim,), 0.5))}
        )

    def forward(self, x: Tensor) -> Tensor:
        h = self.fc(x)
        return h * self.scales["cls"] + h * self.scales["reg"]


Model = TaskScaledEncoder


def inputs():
    torch.manual_seed(4019)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
