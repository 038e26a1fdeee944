import torch
from torch import nn
import torch.nn.functional as F


class DistillMixin:
    alpha: float = 0.7

    @property
    def temperature(self) -> float:
        return getattr(self, "_temperature", 4.0)

    def kd_loss(self, student_logits, teacher_logits, labels):
        t = self.temperature
        soft = F.kl_div(
            F.log_softmax(student_logits / t, dim=-1),
            F.softmax(teacher_logits / t, dim=-1),
            reduction="batchmean",
        ) * (t ** 2)
        hard = F.cross_entropy(student_logits, labels)
        return self.alpha * soft + (1 - self.alpha) * hard


class Model(DistillMixin, nn.Module):
    def __init__(self, dim=16, classes=6, temperature=2.0):
        super().__init__()
        self._temperature = temperature
        self.teacher = nn.Sequential(nn.Linear(dim, 64), nn.ReLU(), nn.Linear(64, classes))
        self.student = nn.Sequential(nn.Linear(dim, 16), nn.ReLU(), nn.Linear(16, classes))
        self.teacher.requires_grad_(False)

    def forward(self, x, labels):
        s = self.student(x)
        t = self.teacher(x).detach()
        return s, self.kd_loss(s, t, labels)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(4, 16), torch.randint(0, 6, (4,))), (torch.randn(7, 16), torch.randint(0, 6, (7,)))]
