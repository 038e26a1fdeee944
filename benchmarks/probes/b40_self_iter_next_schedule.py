# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class CurriculumNoise(nn.Module):
    """Scales a residual branch by the next value of a schedule iterator kept on the module."""

    def __init__(self, dim=6):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self._schedule = iter([0.1 * k for k in range(1, 1000)])

    def forward(self, x):
        alpha = next(self._schedule)
        return x + alpha * torch.tanh(self.fc(x))


Model = CurriculumNoise


def inputs():
    torch.manual_seed(4020)
    return [(torch.randn(3, 6),), (torch.randn(3, 6),), (torch.randn(5, 6),)]
