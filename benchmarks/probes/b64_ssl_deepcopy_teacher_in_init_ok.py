# ruff: noqa  (a probe is written as users write models)
import copy

import torch
import torch.nn as nn


class Model(nn.Module):
    """Self-distillation pair: the teacher is a deep copy of the student made once in
    __init__; forward runs both and returns the student logits and the teacher targets."""

    def __init__(self, d: int = 10, k: int = 4):
        super().__init__()
        self.student = nn.Sequential(nn.Linear(d, 16), nn.ReLU(), nn.Linear(16, k))
        self.teacher = copy.deepcopy(self.student)
        for p in self.teacher.parameters():
            p.requires_grad_(False)

    def forward(self, x: torch.Tensor):
        with torch.no_grad():
            target = torch.softmax(self.teacher(x), dim=-1)
        return self.student(x), target


def inputs():
    torch.manual_seed(6427)
    return [(torch.randn(3, 10),), (torch.randn(6, 10),)]
