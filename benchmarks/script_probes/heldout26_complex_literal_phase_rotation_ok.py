# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PhaseShifter(nn.Module):
    """Wave-propagation layer: rotates a complex field by a learned per-mode phase."""

    def __init__(self, modes: int = 4):
        super().__init__()
        self.omega = nn.Parameter(torch.linspace(0.1, 1.0, modes))

    def forward(self, field_re, t):
        phase = self.omega * t.unsqueeze(-1)
        rotated = field_re * torch.exp(1j * phase)
        return torch.view_as_real(rotated)


Model = PhaseShifter


def inputs():
    torch.manual_seed(2617)
    return [(torch.randn(2, 4), torch.rand(2)), (torch.randn(5, 4), torch.rand(5))]
