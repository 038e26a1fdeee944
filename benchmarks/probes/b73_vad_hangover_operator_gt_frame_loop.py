# ruff: noqa  (a probe is written as users write models)
import operator

import torch
import torch.nn as nn


class Endpointer(nn.Module):
    """Frame-level VAD endpointer: speech starts when a frame crosses the onset threshold and
    stays on for `hangover` frames after the last speech frame."""

    def __init__(self, onset: float = 0.6, hangover: int = 2):
        super().__init__()
        self.onset = onset
        self.hangover = hangover

    def forward(self, prob: torch.Tensor) -> torch.Tensor:
        out = torch.zeros_like(prob)
        left = 0
        for t in range(prob.shape[-1]):
            if operator.gt(prob[..., t].max(), self.onset):  # breaks: compile,export,trace,script
                left = self.hangover
            if left > 0:
                out[..., t] = 1.0
                left -= 1
        return out


class Model(nn.Module):
    def __init__(self, n_mels: int = 8):
        super().__init__()
        self.frame = nn.Conv1d(n_mels, 1, 3, padding=1)
        self.endpoint = Endpointer()

    def forward(self, mel: torch.Tensor) -> torch.Tensor:
        prob = torch.sigmoid(self.frame(mel)).squeeze(1)
        return self.endpoint(prob)


def inputs():
    torch.manual_seed(7301)
    quiet = torch.randn(1, 8, 10) * 0.01 - 3.0
    loud = torch.randn(1, 8, 10) * 3.0
    return [(quiet,), (loud,)]
