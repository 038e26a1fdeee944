import copy
import math
import torch
from torch import nn


def cosine_momentum(step, total, base=0.996):
    return 1 - (1 - base) * (math.cos(math.pi * step / total) + 1) / 2  # breaks: compile,export


class Encoder(nn.Module):
    def __init__(self, d=16, out=8):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, 32), nn.GELU(), nn.Linear(32, out))

    def forward(self, x):
        return nn.functional.normalize(self.net(x), dim=-1)


class Model(nn.Module):
    def __init__(self, total_steps=100):
        super().__init__()
        self.student = Encoder()
        self.teacher = copy.deepcopy(self.student).requires_grad_(False)
        self.total_steps = total_steps
        self.register_buffer("step", torch.zeros((), dtype=torch.long))

    @torch.no_grad()
    def _update_teacher(self):
        m = cosine_momentum(self.step, self.total_steps)
        for pt, ps in zip(self.teacher.parameters(), self.student.parameters()):
            pt.mul_(m).add_(ps.detach(), alpha=1 - m)
        self.step += 1

    def forward(self, view1, view2):
        s = self.student(view1)
        self._update_teacher()
        t = self.teacher(view2)
        return (s * t).sum(-1)


def inputs():
    torch.manual_seed(8)
    return [(torch.randn(4, 16), torch.randn(4, 16)), (torch.randn(2, 16) * 2, torch.randn(2, 16))]
