import torch
import torch.nn as nn


class WarmupResidual(nn.Module):
    def __init__(self, dim=8, warmup_steps=4):
        super().__init__()
        self.warmup_steps = warmup_steps
        self.step = 0
        self.branch = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))

    @property
    def ramp(self):
        return min(1.0, self.step / self.warmup_steps)

    def forward(self, x):
        self.step += 1  # breaks: export,trace
        return x + self.ramp * self.branch(x)


Model = WarmupResidual


def inputs():
    torch.manual_seed(362)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),), (torch.randn(2, 8) * 2,)]
