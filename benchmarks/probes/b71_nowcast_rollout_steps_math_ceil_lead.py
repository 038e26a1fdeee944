# ruff: noqa  (a probe is written as users write models)
from math import ceil

import torch
import torch.nn as nn


class Model(nn.Module):
    """Precipitation nowcaster: a conv cell rolled forward until the requested lead time."""

    def __init__(self, step_minutes: float = 10.0):
        super().__init__()
        self.step_minutes = step_minutes
        self.cell = nn.Conv2d(2, 1, 3, padding=1)

    def forward(self, radar: torch.Tensor, lead_minutes: torch.Tensor) -> torch.Tensor:
        frame = radar
        steps = ceil(lead_minutes.max() / self.step_minutes)  # breaks: compile,export,trace
        for _ in range(steps):  # breaks: script
            frame = torch.sigmoid(self.cell(torch.cat([frame, radar], 1)))
        return frame


def inputs():
    torch.manual_seed(7111)
    return [
        (torch.rand(1, 1, 8, 8), torch.tensor([20.0, 30.0])),
        (torch.rand(1, 1, 8, 8), torch.tensor([60.0, 10.0])),
    ]
