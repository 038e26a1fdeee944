# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Waveform encoder that refuses audio outside [-1, 1] (an un-normalised file) with an
    assert on the samples themselves."""

    def __init__(self, c: int = 8):
        super().__init__()
        self.conv = nn.Conv1d(1, c, 9, stride=4, padding=4)
        self.proj = nn.Conv1d(c, c, 1)

    def forward(self, wav: torch.Tensor) -> torch.Tensor:
        assert (wav.abs() <= 1.0).all(), "waveform must be normalised to [-1, 1]"  # breaks: export
        return self.proj(torch.relu(self.conv(wav)))


def inputs():
    torch.manual_seed(6405)
    return [(torch.rand(2, 1, 64) * 2 - 1,), (torch.rand(2, 1, 64) * 2 - 1,)]
