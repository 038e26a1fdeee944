# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Distiller(nn.Module):
    def __init__(self, dim=10, classes=5, T=2.0):
        super().__init__()
        self.student = nn.Sequential(nn.Linear(dim, 16), nn.ReLU(), nn.Dropout(0.1), nn.Linear(16, classes))
        self.teacher = nn.Sequential(nn.Linear(dim, 32), nn.ReLU(), nn.Dropout(0.1), nn.Linear(32, classes))
        self.T = T

    def forward(self, x):
        self.teacher.eval()  # keep the teacher deterministic whatever mode the wrapper is in
        with torch.no_grad():
            t_logits = self.teacher(x)
        s_logits = self.student(x)
        kd = F.kl_div(
            F.log_softmax(s_logits / self.T, dim=-1),
            F.softmax(t_logits / self.T, dim=-1),
            reduction="batchmean",
        ) * self.T ** 2
        return s_logits, kd


Model = Distiller


def inputs():
    torch.manual_seed(8)
    return [(torch.randn(4, 10),), (torch.randn(3, 10),)]
