# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class MuLawQuantizer(nn.Module):
    """Audio (WaveNet-style): mu-law companding with a math.log1p constant, then quantised to class ids."""

    def __init__(self, mu: int = 255):
        super().__init__()
        self.mu = mu
        self.denom = math.log1p(mu)

    def forward(self, wav):
        wav = wav.clamp(-1.0, 1.0)
        y = torch.sign(wav) * torch.log1p(self.mu * wav.abs()) / self.denom
        return ((y + 1.0) / 2.0 * self.mu + 0.5).long()


Model = MuLawQuantizer


def inputs():
    torch.manual_seed(5527)
    return [(torch.rand(2, 100) * 2 - 1,), (torch.rand(1, 37) * 2 - 1,)]
