# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MinMaxSpectrogramNorm(nn.Module):
    """Audio: per-utterance min-max scaling of a log spectrogram with torch.aminmax, then a conv."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(8, 4, 3, padding=1)

    def forward(self, spec):
        lo, hi = torch.aminmax(spec.flatten(1), dim=1)
        lo = lo.view(-1, 1, 1)
        hi = hi.view(-1, 1, 1)
        return self.conv((spec - lo) / (hi - lo + 1e-5))


Model = MinMaxSpectrogramNorm


def inputs():
    torch.manual_seed(5430)
    return [(torch.randn(2, 8, 20),), (torch.randn(3, 8, 13),)]
