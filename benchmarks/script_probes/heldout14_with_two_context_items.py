# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.teacher = nn.Linear(6, 4)
        self.student = nn.Linear(6, 4)

    def forward(self, x):
        with torch.no_grad(), torch.autocast("cpu", enabled=False):
            t = self.teacher(x).softmax(-1)
        s = self.student(x).log_softmax(-1)
        return -(t * s).sum(-1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
