# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class SubSpectralNorm(nn.Module):
    """BatchNorm applied per frequency sub-band (BC-ResNet)."""

    def __init__(self, channels: int, sub_bands: int, eps: float = 1e-5):
        super().__init__()
        self.sub_bands = sub_bands
        self.bn = nn.BatchNorm2d(channels * sub_bands, eps=eps)

    def forward(self, x: Tensor) -> Tensor:
        b, c, f, t = x.shape
        assert f % self.sub_bands == 0, "frequency bins must split into sub-bands"
        x = x.reshape(b, c * self.sub_bands, f // self.sub_bands, t)
        x = self.bn(x)
        return x.reshape(b, c, f, t)


class BCResBlock(nn.Module):
    def __init__(self, channels: int, dilation: int = 1, sub_bands: int = 4, dropout: float = 0.1):
        super().__init__()
        self.freq_dw = nn.Conv2d(channels, channels, (3, 1), padding=(1, 0), groups=channels, bias=False)
        self.ssn = SubSpectralNorm(channels, sub_bands)
        self.temp_dw = nn.Conv1d(channels, channels, 3, padding=dilation, dilation=dilation, groups=channels, bias=False)
        self.bn = nn.BatchNorm1d(channels)
        self.pw = nn.Conv1d(channels, channels, 1, bias=False)
        self.drop = nn.Dropout2d(dropout)

    def forward(self, x: Tensor) -> Tensor:
        identity = x
        x2 = self.ssn(self.freq_dw(x))
        aux = x2
        x1 = x2.mean(dim=2)  # average over frequency
        x1 = F.silu(self.bn(self.temp_dw(x1)))
        x1 = self.drop(self.pw(x1).unsqueeze(2))
        return F.relu(identity + aux + x1)


@dataclass
class BCResNetConfig:
    n_mels: int = 16
    channels: int = 8
    num_classes: int = 12
    dilations: tuple = (1, 2, 4)


class BCResNet(nn.Module):
    def __init__(self, cfg: BCResNetConfig = BCResNetConfig()):
        super().__init__()
        self.stem = nn.Conv2d(1, cfg.channels, 5, stride=(2, 1), padding=2)
        self.blocks = nn.Sequential(*[BCResBlock(cfg.channels, d) for d in cfg.dilations])
        self.head = nn.Conv2d(cfg.channels, cfg.num_classes, 1)

    def forward(self, mel: Tensor) -> Tensor:
        if mel.dim() == 3:
            mel = mel.unsqueeze(1)
        x = self.blocks(self.stem(mel))
        x = self.head(x)
        return x.mean(dim=(2, 3))


Model = BCResNet


def inputs():
    torch.manual_seed(4101)
    return [(torch.randn(2, 16, 40),), (torch.randn(3, 16, 25),)]
