# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Radar precipitation nowcaster: extra advection smoothing only when enough of the scene rains."""

    def __init__(self, frames: int = 4, wet_mm: float = 0.1, min_wet: float = 0.3):
        super().__init__()
        self.encode = nn.Conv2d(frames, 8, 3, padding=1)
        self.decode = nn.Conv2d(8, 1, 3, padding=1)
        self.smooth = nn.Conv2d(1, 1, 5, padding=2, bias=False)
        self.wet_mm = wet_mm
        self.min_wet = min_wet

    def forward(self, radar: torch.Tensor) -> torch.Tensor:
        nxt = F.softplus(self.decode(torch.tanh(self.encode(radar))))
        if (wet := (radar[:, -1:] > self.wet_mm).float().mean()) > self.min_wet:  # breaks: compile,export,trace,script
            nxt = nxt + (wet - self.min_wet) * self.smooth(nxt)
        return nxt


def inputs():
    torch.manual_seed(7201)
    return [(torch.rand(2, 4, 12, 12) * 2.0,), (torch.rand(2, 4, 12, 12) * 0.05,)]
