import torch
import torch.nn.functional as F
from torch import nn


class Framer(nn.Module):
    def __init__(self, hop: int = 4):
        super().__init__()
        self.hop = hop

    def forward(self, wav):
        extra = (-wav.shape[-1]) % self.hop
        wav = F.pad(wav, (0, extra))
        return wav.reshape(wav.shape[0], -1, self.hop)


class Model(nn.Module):
    def __init__(self, hop: int = 4):
        super().__init__()
        self.frames = Framer(hop)
        self.proj = nn.Linear(hop, 8)

    def forward(self, wav):
        return self.proj(self.frames(wav)).mean(1)


def inputs():
    return [(torch.randn(2, 10),), (torch.randn(2, 13),)]
