# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class DistillStudent(nn.Module):
    def __init__(self, dim: int = 8, n_cls: int = 4):
        super().__init__()
        self.student = nn.Linear(dim, n_cls)
        self.teacher = nn.Linear(dim, n_cls)

    def forward(self, x):
        with torch.inference_mode():
            soft = F.softmax(self.teacher(x), dim=-1)
        logits = self.student(x)
        return F.kl_div(F.log_softmax(logits, dim=-1), soft.clone(), reduction="batchmean")


Model = DistillStudent


def inputs():
    torch.manual_seed(2043)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
