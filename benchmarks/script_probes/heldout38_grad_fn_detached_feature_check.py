# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class FeatureDistillHead(nn.Module):
    """Projects student features; teacher features that carry no graph are used as targets as-is."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, student: Tensor, teacher: Tensor) -> Tensor:
        if teacher.grad_fn is not None:
            teacher = teacher.detach()
        pred = self.proj(student)
        return (pred - teacher).pow(2).mean(-1)


Model = FeatureDistillHead


def inputs():
    torch.manual_seed(3803)
    return [
        (torch.randn(2, 4, 8), torch.randn(2, 4, 8)),
        (torch.randn(1, 3, 8), torch.randn(1, 3, 8)),
    ]
