# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class WarmupLayerScale(nn.Module):
    """Layer scale that ramps up with a step counter shared by all instances of the class."""

    global_step = 0
    warmup = 4

    def __init__(self, dim=8):
        super().__init__()
        WarmupLayerScale.global_step = 0  # a new model restarts the schedule
        self.gamma = nn.Parameter(torch.full((dim,), 0.5))
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        WarmupLayerScale.global_step += 1
        ramp = min(1.0, WarmupLayerScale.global_step / WarmupLayerScale.warmup)
        return x + ramp * self.gamma * self.fc(x)


Model = WarmupLayerScale


def inputs():
    torch.manual_seed(4910)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),), (torch.randn(1, 8),)]
