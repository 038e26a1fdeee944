import torch
from torch import nn


class PeakNormalize(nn.Module):
    def __init__(self, channels=2):
        super().__init__()
        self.filt = nn.Conv1d(channels, channels, 5, padding=2, groups=channels)

    def forward(self, wav):
        y = self.filt(wav)
        peak = y.abs().max().detach().numpy().item()  # breaks: compile,export,trace
        return y / (peak + 1e-6)


Model = PeakNormalize


def inputs():
    torch.manual_seed(8)
    return [(torch.randn(2, 2, 32),), (torch.randn(1, 2, 20) * 5,)]
