# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class GradeHead(nn.Module):
    """Ordinal grading head (pathology): outputs keyed 'grade_A', 'grade_B', ... built with chr()."""

    def __init__(self, dim: int = 6, grades: int = 3):
        super().__init__()
        self.grades = grades
        self.fc = nn.Linear(dim, grades)

    def forward(self, x) -> Dict[str, Tensor]:
        probs = self.fc(x).softmax(-1)
        out: Dict[str, Tensor] = {}
        for i in range(self.grades):
            out["grade_" + chr(ord("A") + i)] = probs[..., i]
        return out


Model = GradeHead


def inputs():
    torch.manual_seed(2821)
    return [(torch.randn(4, 6),), (torch.randn(2, 3, 6),)]
