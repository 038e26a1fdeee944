# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MagPhaseMask(nn.Module):
    """Speech enhancement mask: predicts magnitude and phase, returns a complex mask."""

    def __init__(self, freq=6):
        super().__init__()
        self.mag = nn.Linear(freq, freq)
        self.phase = nn.Linear(freq, freq)

    def forward(self, spec_mag):
        m = torch.sigmoid(self.mag(spec_mag))
        phi = torch.pi * torch.tanh(self.phase(spec_mag))
        return torch.polar(m, phi)


Model = MagPhaseMask


def inputs():
    torch.manual_seed(4915)
    return [(torch.rand(2, 5, 6),), (torch.rand(1, 9, 6),)]
