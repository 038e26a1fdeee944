import torch
from torch import nn


class SignalWhitener(nn.Module):
    def __init__(self, channels: int = 4, eps: float = 1e-5):
        super().__init__()
        self.eps = eps
        self.conv = nn.Conv1d(channels, channels, 3, padding=1)

    def forward(self, wave: torch.Tensor) -> torch.Tensor:
        scale = float(wave.std()) + self.eps
        return self.conv(wave / scale)


Model = SignalWhitener


def inputs():
    torch.manual_seed(3404)
    return [(torch.randn(2, 4, 16),), (torch.randn(1, 4, 20) * 5,)]
