# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Vocoder upsampler: every mel frame is repeated a fixed number of times (the hop
    ratio, a Python int) with repeat_interleave before the convolution."""

    def __init__(self, n_mels: int = 8, ratio: int = 4):
        super().__init__()
        self.ratio = ratio
        self.conv = nn.Conv1d(n_mels, 4, 3, padding=1)

    def forward(self, mel: torch.Tensor) -> torch.Tensor:
        up = torch.repeat_interleave(mel, self.ratio, dim=-1)
        return torch.tanh(self.conv(up))


def inputs():
    torch.manual_seed(6418)
    return [(torch.randn(2, 8, 5),), (torch.randn(1, 8, 9),)]
