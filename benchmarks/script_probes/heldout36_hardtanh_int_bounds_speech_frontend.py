# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class SpeechConvFrontend(nn.Module):
    """DeepSpeech2-style conv front end over a spectrogram, with clipped-ReLU activations."""

    def __init__(self, channels: int = 4, clip: int = 20):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(1, channels, (5, 3), stride=(2, 1), padding=(2, 1)),
            nn.BatchNorm2d(channels),
            nn.Hardtanh(0, clip, inplace=True),
            nn.Conv2d(channels, channels, 3, padding=1),
            nn.BatchNorm2d(channels),
            nn.Hardtanh(0, clip, inplace=True),
        )

    def forward(self, spec: Tensor) -> Tensor:
        x = self.conv(spec.unsqueeze(1))
        b, c, f, t = x.shape
        return x.permute(0, 3, 1, 2).reshape(b, t, c * f)


Model = SpeechConvFrontend


def inputs():
    torch.manual_seed(3639)
    return [(torch.randn(2, 8, 6) * 30,), (torch.randn(1, 8, 9) * 30,)]
