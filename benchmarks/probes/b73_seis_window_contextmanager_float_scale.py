# ruff: noqa  (a probe is written as users write models)
import contextlib

import torch
import torch.nn as nn


class Model(nn.Module):
    """Event detector that runs the encoder on amplitude-normalised windows; a context helper
    normalises on entry and records the scale for de-normalising the regression output."""

    def __init__(self):
        super().__init__()
        self.enc = nn.Conv1d(3, 4, 5, padding=2)
        self.amp = nn.Linear(4, 1)
        self.last_scale = 1.0

    @contextlib.contextmanager
    def normalised(self, wave: torch.Tensor):
        scale = float(wave.abs().amax().clamp(min=1.0))  # breaks: export,trace
        self.last_scale = scale
        yield wave / scale  # breaks: script

    def forward(self, wave: torch.Tensor) -> torch.Tensor:
        with self.normalised(wave) as w:
            feat = torch.relu(self.enc(w)).mean(-1)
        return self.amp(feat) * self.last_scale


def inputs():
    torch.manual_seed(7320)
    return [(torch.randn(2, 3, 12) * 0.1,), (torch.randn(2, 3, 12) * 50,)]
