# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class IntegrateFireLayer(nn.Module):
    """Spiking nets (inference): membrane potential thresholded with torch.heaviside, fixed number of steps."""

    def __init__(self, d: int = 6, steps: int = 4):
        super().__init__()
        self.fc = nn.Linear(d, d)
        self.steps = steps
        self.register_buffer("at_zero", torch.tensor(0.5))

    def forward(self, x):
        v = torch.zeros_like(x)
        count = torch.zeros_like(x)
        for _ in range(self.steps):
            v = 0.9 * v + self.fc(x)
            s = torch.heaviside(v - 1.0, self.at_zero)
            v = v * (1 - s)
            count = count + s
        return count / self.steps


Model = IntegrateFireLayer


def inputs():
    torch.manual_seed(5428)
    return [(torch.randn(3, 6),), (torch.randn(2, 4, 6),)]
