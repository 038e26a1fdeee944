# ruff: noqa  (a probe is written as users write models)
import copy

import torch
import torch.nn as nn


class Model(nn.Module):
    """Mean-teacher distillation: the teacher tracks the student by an EMA of weights, refreshed
    on each call under no_grad before it produces the targets."""

    def __init__(self, dim: int = 6, momentum: float = 0.9):
        super().__init__()
        self.momentum = momentum
        self.student = nn.Sequential(nn.Linear(dim, 8), nn.Tanh(), nn.Linear(8, 3))
        self.teacher = copy.deepcopy(self.student)
        for p in self.teacher.parameters():
            p.requires_grad_(False)
            p.data.mul_(0.5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        with torch.no_grad():
            for t, s in zip(self.teacher.parameters(), self.student.parameters()):  # breaks: script
                t.mul_(self.momentum).add_(s, alpha=1.0 - self.momentum)  # breaks: trace
            target = self.teacher(x).softmax(-1)
        return (self.student(x).log_softmax(-1) * target).sum(-1)


def inputs():
    torch.manual_seed(7015)
    return [(torch.randn(4, 6),), (torch.randn(4, 6),), (torch.randn(4, 6),)]
