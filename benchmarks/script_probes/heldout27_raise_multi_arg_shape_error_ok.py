# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def check_channels(x: torch.Tensor, expected: int):
    if x.shape[1] != expected:
        raise ValueError("unexpected channel count", x.shape[1], expected)


class SpectrogramStem(nn.Module):
    """Audio stem validating the mel-channel count with a multi-argument exception."""

    def __init__(self, mels: int = 8):
        super().__init__()
        self.mels = mels
        self.conv = nn.Conv1d(mels, 4, 3, padding=1)

    def forward(self, spec):
        check_channels(spec, self.mels)
        return self.conv(spec)


Model = SpectrogramStem


def inputs():
    torch.manual_seed(2715)
    return [(torch.randn(1, 8, 20),), (torch.randn(3, 8, 11),)]
