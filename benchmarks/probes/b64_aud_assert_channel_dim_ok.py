# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Waveform encoder that asserts the input rank (batch, channels, samples) before the
    convolution: the check reads only the number of dimensions."""

    def __init__(self, c: int = 8):
        super().__init__()
        self.conv = nn.Conv1d(1, c, 9, stride=4, padding=4)

    def forward(self, wav: torch.Tensor) -> torch.Tensor:
        assert wav.dim() == 3, "expected (batch, channels, samples)"
        return torch.relu(self.conv(wav))


def inputs():
    torch.manual_seed(6422)
    return [(torch.randn(2, 1, 64),), (torch.randn(3, 1, 40),)]
