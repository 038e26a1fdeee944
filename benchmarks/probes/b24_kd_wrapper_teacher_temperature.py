import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def cosine_anneal(step: int, total: int, start: float, end: float) -> float:
    progress = min(step, total) / total
    return end + 0.5 * (start - end) * (1 + math.cos(math.pi * progress))


class DistillationWrapper(nn.Module):
    def __init__(self, student: nn.Module, teacher: nn.Module, t_start: float = 6.0, t_end: float = 1.0, total_steps: int = 3, alpha: float = 0.7):
        super().__init__()
        self.student = student
        self.teacher = teacher
        self.t_start, self.t_end, self.total_steps = t_start, t_end, total_steps
        self.alpha = alpha
        self.num_steps = 0
        for p in self.teacher.parameters():
            p.requires_grad_(False)

    @property
    def temperature(self) -> float:
        return cosine_anneal(self.num_steps, self.total_steps, self.t_start, self.t_end)

    def kd_loss(self, s_logits, t_logits, T):
        return F.kl_div(
            F.log_softmax(s_logits / T, dim=-1), F.log_softmax(t_logits / T, dim=-1), reduction="batchmean", log_target=True
        ) * T ** 2

    def forward(self, x, labels):
        self.num_steps += 1
        s_logits = self.student(x)
        with torch.no_grad():
            t_logits = self.teacher(x)
        hard = F.cross_entropy(s_logits, labels)
        return self.alpha * self.kd_loss(s_logits, t_logits, self.temperature) + (1 - self.alpha) * hard, s_logits  # breaks: export,trace


def mlp(width):
    return nn.Sequential(nn.Linear(12, width), nn.ReLU(), nn.Linear(width, 5))


class Model(DistillationWrapper):
    def __init__(self):
        super().__init__(student=mlp(8), teacher=mlp(64))


def inputs():
    torch.manual_seed(261)
    return [(torch.randn(4, 12) * 4, torch.randint(0, 5, (4,))), (torch.randn(4, 12) * 4, torch.randint(0, 5, (4,)))]
