import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class DemucsConfig:
    depth = 3
    kernel_size = 8
    stride = 4
    hidden = 8
    resample = 1
    normalize = True
    floor = 1e-3


class Demucs(nn.Module):
    def __init__(self, cfg=DemucsConfig()):
        super().__init__()
        self.cfg = cfg
        self.encoder, self.decoder = nn.ModuleList(), nn.ModuleList()
        ch_in = 1
        for i in range(cfg.depth):
            ch = cfg.hidden * 2 ** i
            self.encoder.append(nn.Sequential(nn.Conv1d(ch_in, ch, cfg.kernel_size, cfg.stride), nn.ReLU(), nn.Conv1d(ch, ch, 1)))
            self.decoder.insert(0, nn.Sequential(nn.Conv1d(ch, ch, 1), nn.ReLU(), nn.ConvTranspose1d(ch, ch_in, cfg.kernel_size, cfg.stride)))
            ch_in = ch

    def valid_length(self, length):
        cfg = self.cfg
        length = math.ceil(length * cfg.resample)
        for _ in range(cfg.depth):
            length = math.ceil((length - cfg.kernel_size) / cfg.stride) + 1
            length = max(length, 1)
        for _ in range(cfg.depth):
            length = (length - 1) * cfg.stride + cfg.kernel_size
        return int(math.ceil(length / cfg.resample))

    def forward(self, mix):
        if self.cfg.normalize:
            std = mix.std(dim=-1, keepdim=True)
            mix = mix / (self.cfg.floor + std)
        length = mix.shape[-1]
        x = F.pad(mix, (0, self.valid_length(length) - length))
        skips = []
        for enc in self.encoder:
            x = enc(x)
            skips.append(x)
        for dec in self.decoder:
            x = dec(x + skips.pop(-1)[..., : x.shape[-1]])
        return x[..., :length] * (std if self.cfg.normalize else 1)


Model = Demucs


def inputs():
    torch.manual_seed(3528)
    return [(torch.randn(2, 1, 400),), (torch.randn(3, 1, 333),)]
