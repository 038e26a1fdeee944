# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.parametrizations import weight_norm as wn


def conv1d_wn(cin: int, cout: int, k: int, dilation: int = 1) -> nn.Module:
    return wn(nn.Conv1d(cin, cout, k, dilation=dilation, padding=dilation * (k - 1) // 2))


def get_padding(k: int, stride: int) -> int:
    return (k - stride) // 2


class ResUnit(nn.Module):
    def __init__(self, c: int, dilation: int):
        super().__init__()
        self.c1 = conv1d_wn(c, c, 3, dilation)
        self.c2 = conv1d_wn(c, c, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.c2(F.leaky_relu(self.c1(F.leaky_relu(x, 0.1)), 0.1))


class UpBlock(nn.Module):
    def __init__(self, cin: int, cout: int, stride: int):
        super().__init__()
        self.up = wn(nn.ConvTranspose1d(cin, cout, 2 * stride, stride, padding=get_padding(2 * stride, stride)))
        self.res = nn.Sequential(*[ResUnit(cout, d) for d in (1, 3)])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.res(self.up(F.leaky_relu(x, 0.1)))


class Model(nn.Module):
    """Mel-to-waveform generator (MelGAN/HiFi-GAN shape) with weight-normalised convs."""

    def __init__(self, n_mels: int = 20, c: int = 32):
        super().__init__()
        self.pre = conv1d_wn(n_mels, c, 7)
        self.ups = nn.Sequential(UpBlock(c, c // 2, 4), UpBlock(c // 2, c // 4, 4))
        self.post = conv1d_wn(c // 4, 1, 7)

    def forward(self, mel: torch.Tensor) -> torch.Tensor:
        h = self.ups(self.pre(mel))
        return torch.tanh(self.post(F.leaky_relu(h, 0.1))).squeeze(1)


def inputs():
    torch.manual_seed(6209)
    return [(torch.randn(2, 20, 12),), (torch.randn(1, 20, 19),)]
