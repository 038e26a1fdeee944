# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class WarmupGate(nn.Module):
    """Residual branch faded in over the first ``warmup`` steps; the step count is a buffer, so
    it is saved with the weights and advanced in place while training."""

    def __init__(self, warmup: int = 4):
        super().__init__()
        self.warmup = warmup
        self.register_buffer("step", torch.zeros((), dtype=torch.long))

    def forward(self, x: torch.Tensor, branch: torch.Tensor) -> torch.Tensor:
        if self.training:
            self.step.add_(1)
        alpha = (self.step.to(x.dtype) / self.warmup).clamp(max=1.0)
        return x + alpha * branch


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inp = nn.Linear(6, 8)
        self.branch = nn.Sequential(nn.Linear(8, 8), nn.Tanh())
        self.gate = WarmupGate()
        self.out = nn.Linear(8, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.inp(x)
        return self.out(self.gate(h, self.branch(h)))


def inputs():
    torch.manual_seed(6919)
    return [(torch.randn(3, 6),), (torch.randn(3, 6),), (torch.randn(3, 6),)]
