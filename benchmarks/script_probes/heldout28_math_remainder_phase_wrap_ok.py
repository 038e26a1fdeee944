# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


def wrap_phase(angle: float) -> float:
    # keep the rotation in [-pi, pi] so cos/sin stay well conditioned
    return math.remainder(angle, 2 * math.pi)


class PhaseShifter(nn.Module):
    """Rotates a (real, imag) spectrum pair by a phase that grows with the frame count."""

    def __init__(self, offset: float = 7.5):
        super().__init__()
        self.offset = offset
        self.mix = nn.Linear(2, 2)

    def forward(self, re, im):
        phi = wrap_phase(self.offset * re.shape[-1])
        c, s = math.cos(phi), math.sin(phi)
        out = torch.stack([re * c - im * s, re * s + im * c], dim=-1)
        return self.mix(out)


Model = PhaseShifter


def inputs():
    torch.manual_seed(2801)
    return [(torch.randn(2, 5), torch.randn(2, 5)), (torch.randn(3, 8), torch.randn(3, 8))]
