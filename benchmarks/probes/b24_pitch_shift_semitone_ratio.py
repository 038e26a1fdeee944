import torch
import torch.nn as nn
import torch.nn.functional as F

SEMITONE = 2.0 ** (1.0 / 12.0)


def time_stretch(x, rate):
    return F.interpolate(x, scale_factor=rate, mode="linear", align_corners=False)  # breaks: compile


class PitchShift(nn.Module):
    """Resample-based pitch shifter followed by a learnable timbre filter."""

    def __init__(self, channels=1, taps=9):
        super().__init__()
        self.filter = nn.Conv1d(channels, channels, taps, padding=taps // 2)

    def forward(self, wav, n_steps):
        rate = SEMITONE ** float(n_steps)  # breaks: export,trace
        shifted = time_stretch(wav, 1.0 / rate)
        return self.filter(shifted)


Model = PitchShift


def inputs():
    torch.manual_seed(246)
    return [
        (torch.randn(2, 1, 200), torch.tensor(3.0)),
        (torch.randn(2, 1, 200), torch.tensor(-5.0)),
    ]
