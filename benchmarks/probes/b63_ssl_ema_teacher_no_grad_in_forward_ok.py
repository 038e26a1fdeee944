# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Self-distillation pair: the teacher branch runs under torch.no_grad() inside forward."""

    def __init__(self, dim: int = 16):
        super().__init__()
        self.student = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, 8))
        self.teacher = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, 8))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        s = torch.log_softmax(self.student(x), dim=-1)
        with torch.no_grad():
            t = torch.softmax(self.teacher(x) / 0.5, dim=-1)
        return -(t * s).sum(-1)


def inputs():
    torch.manual_seed(6319)
    return [(torch.randn(4, 16),), (torch.randn(6, 16),)]
