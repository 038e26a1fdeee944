# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Distiller(nn.Module):
    def __init__(self, dim: int = 6, classes: int = 3):
        super().__init__()
        self.student = nn.Linear(dim, classes)
        self.teacher = nn.Sequential(nn.Linear(dim, dim), nn.Dropout(0.5), nn.Linear(dim, classes))

    def forward(self, x):
        self.teacher.eval()
        with torch.no_grad():
            t = self.teacher(x)
        s = self.student(x)
        return F.kl_div(F.log_softmax(s, -1), F.softmax(t, -1), reduction="batchmean")


Model = Distiller


def inputs():
    torch.manual_seed(2513)
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
