# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Distillation wrapper: student logits softened by a temperature annealed per call."""

    def __init__(self, t_start: float = 4.0, t_end: float = 1.0, anneal_calls: int = 4):
        super().__init__()
        self.teacher = nn.Linear(6, 5)
        self.student = nn.Linear(6, 5)
        self.t_start, self.t_end, self.anneal_calls = t_start, t_end, anneal_calls
        self.calls = 0

    def temperature(self) -> float:
        frac = min(self.calls / self.anneal_calls, 1.0)
        return self.t_start + (self.t_end - self.t_start) * frac

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        self.calls += 1  # breaks: export,trace
        t = self.temperature()
        with torch.no_grad():
            soft_targets = F.softmax(self.teacher(x) / t, -1)
        log_student = F.log_softmax(self.student(x) / t, -1)
        return F.kl_div(log_student, soft_targets, reduction="batchmean") * t * t


def inputs():
    torch.manual_seed(7223)
    return [(torch.randn(4, 6),), (torch.randn(4, 6),)]
