# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
import math


class Model(nn.Module):
    """DDIM update step: the timestep arrives as a 0-dim tensor, is read out as a Python
    float and fed to a cosine schedule written with math."""

    def __init__(self, total: int = 100):
        super().__init__()
        self.total = total
        self.eps = nn.Conv2d(2, 2, 3, padding=1)

    def alpha_bar(self, t: float) -> float:
        return math.cos((t / self.total + 0.008) / 1.008 * math.pi / 2) ** 2

    def forward(self, x: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
        step = float(t)  # breaks: compile,export,trace
        a_t = self.alpha_bar(step)
        a_prev = self.alpha_bar(max(step - 10, 0))
        eps = self.eps(x)
        x0 = (x - math.sqrt(1 - a_t) * eps) / math.sqrt(a_t)
        return math.sqrt(a_prev) * x0 + math.sqrt(1 - a_prev) * eps


def inputs():
    torch.manual_seed(6514)
    return [
        (torch.randn(1, 2, 4, 4), torch.tensor(80.0)),
        (torch.randn(1, 2, 4, 4), torch.tensor(20.0)),
    ]
