import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


class EMATeacher(nn.Module):
    def __init__(self, model: nn.Module, momentum: float = 0.99):
        super().__init__()
        self.module = copy.deepcopy(model)
        self.momentum = momentum
        for p in self.module.parameters():
            p.requires_grad_(False)

    @torch.no_grad()
    def update(self, student: nn.Module):
        for ema_p, p in zip(self.module.parameters(), student.parameters()):
            ema_p.mul_(self.momentum).add_(p.detach(), alpha=1.0 - self.momentum)

    def forward(self, x):
        return self.module(x)


class Model(nn.Module):
    """Mean-teacher consistency: student on weak view, EMA teacher on strong view."""

    def __init__(self, momentum=0.9):
        super().__init__()
        self.student = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3))
        self.teacher = EMATeacher(self.student, momentum)

    def forward(self, weak, strong):
        self.teacher.update(self.student)
        s = F.log_softmax(self.student(weak), dim=-1)
        t = F.softmax(self.teacher(strong), dim=-1)
        return F.kl_div(s, t, reduction="batchmean"), s


def inputs():
    torch.manual_seed(262)
    return [(torch.randn(4, 6), torch.randn(4, 6)), (torch.randn(4, 6), torch.randn(4, 6) * 2)]
