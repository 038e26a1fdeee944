import math

import torch
import torch.nn.functional as F
from torch import nn


class FrameEncoder(nn.Module):
    def __init__(self, hop: int = 8, dim: int = 12):
        super().__init__()
        self.hop = hop
        self.conv = nn.Conv1d(1, dim, kernel_size=hop, stride=hop)

    def n_frames(self, length):
        return math.ceil(length / self.hop)  # breaks: trace

    def forward(self, wav):
        target = self.n_frames(wav.shape[-1]) * self.hop
        wav = F.pad(wav, (0, target - wav.shape[-1]))
        return self.conv(wav)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = FrameEncoder()
        self.bottleneck = nn.Conv1d(12, 4, 1)
        self.decoder = nn.ConvTranspose1d(4, 1, kernel_size=8, stride=8)

    def forward(self, wav):
        latent = torch.tanh(self.bottleneck(self.encoder(wav)))
        return self.decoder(latent)[..., : wav.shape[-1]]


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 1, 60),), (torch.randn(2, 1, 75),)]
