# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ChannelDropout(nn.Module):
    """Drops whole EEG electrodes during training; identity at inference."""

    def __init__(self, p: float = 0.2):
        super().__init__()
        self.p = p

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.training and self.p > 0:
            keep = (torch.rand(x.size(0), x.size(1), 1) > self.p).to(x.dtype)
            x = x * keep / (1.0 - self.p)
        return x


class Model(nn.Module):
    """EEGNet-style classifier: channel dropout, temporal conv, depthwise spatial conv."""

    def __init__(self, channels: int = 4, classes: int = 3):
        super().__init__()
        self.drop = ChannelDropout()
        self.temporal = nn.Conv1d(channels, 8, 5, padding=2)
        self.spatial = nn.Conv1d(8, 8, 3, padding=1, groups=8)
        self.head = nn.Linear(8, classes)

    def forward(self, eeg: torch.Tensor) -> torch.Tensor:
        h = torch.nn.functional.elu(self.spatial(self.temporal(self.drop(eeg))))
        return self.head(h.mean(-1))


def inputs():
    torch.manual_seed(7110)
    return [(torch.randn(2, 4, 32),), (torch.randn(3, 4, 32),)]
