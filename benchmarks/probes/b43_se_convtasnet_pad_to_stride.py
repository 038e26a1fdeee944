# ruff: noqa  (a probe is written as users write models)
import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class TasNetConfig:
    n_filters: int = 16
    kernel_size: int = 8
    bottleneck: int = 8
    hidden: int = 16
    n_src: int = 2
    n_blocks: int = 3


def pad_to_stride(x, kernel_size, stride):
    """Pad the waveform so that the encoder frames cover it exactly."""
    length = x.shape[-1]
    n_frames = math.ceil((length - kernel_size) / stride) + 1
    total = (n_frames - 1) * stride + kernel_size
    return F.pad(x, (0, total - length)), length


class Conv1DBlock(nn.Module):
    def __init__(self, in_ch, hid_ch, dilation):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(in_ch, hid_ch, 1), nn.PReLU(), nn.GroupNorm(1, hid_ch),
            nn.Conv1d(hid_ch, hid_ch, 3, padding=dilation, dilation=dilation, groups=hid_ch),
            nn.PReLU(), nn.GroupNorm(1, hid_ch),
        )
        self.res = nn.Conv1d(hid_ch, in_ch, 1)

    def forward(self, x):
        return x + self.res(self.net(x))


class TDConvNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.norm = nn.GroupNorm(1, cfg.n_filters)
        self.bottleneck = nn.Conv1d(cfg.n_filters, cfg.bottleneck, 1)
        self.blocks = nn.ModuleList(
            [Conv1DBlock(cfg.bottleneck, cfg.hidden, 2 ** i) for i in range(cfg.n_blocks)]
        )
        self.mask_net = nn.Conv1d(cfg.bottleneck, cfg.n_src * cfg.n_filters, 1)

    def forward(self, w):
        b, _, t = w.shape
        y = self.bottleneck(self.norm(w))
        for block in self.blocks:
            y = block(y)
        masks = self.mask_net(y).view(b, self.cfg.n_src, self.cfg.n_filters, t)
        return torch.sigmoid(masks)


class ConvTasNet(nn.Module):
    def __init__(self, cfg=TasNetConfig()):
        super().__init__()
        self.cfg = cfg
        self.stride = cfg.kernel_size // 2
        self.encoder = nn.Conv1d(1, cfg.n_filters, cfg.kernel_size, stride=self.stride, bias=False)
        self.separator = TDConvNet(cfg)
        self.decoder = nn.ConvTranspose1d(cfg.n_filters, 1, cfg.kernel_size, stride=self.stride, bias=False)

    def forward(self, wav):
        x, length = pad_to_stride(wav.unsqueeze(1), self.cfg.kernel_size, self.stride)
        w = F.relu(self.encoder(x))
        masks = self.separator(w)
        b, s, n, t = masks.shape
        est = self.decoder((masks * w.unsqueeze(1)).view(b * s, n, t))
        return est.view(b, s, -1)[..., :length]


Model = ConvTasNet


def inputs():
    torch.manual_seed(4301)
    return [(torch.randn(2, 61),), (torch.randn(1, 90),)]
