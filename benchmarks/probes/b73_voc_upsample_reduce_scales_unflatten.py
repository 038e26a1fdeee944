# ruff: noqa  (a probe is written as users write models)
import functools
import operator

import torch
import torch.nn as nn


class Model(nn.Module):
    """Vocoder conditioning upsampler: mel frames are stretched by the product of the stage
    scales, then split back into per-frame hops."""

    def __init__(self, n_mels: int = 4, scales=(2, 2, 3)):
        super().__init__()
        self.scales = list(scales)
        self.stages = nn.ModuleList(
            nn.ConvTranspose1d(n_mels, n_mels, 2 * s, stride=s, padding=s // 2 + s % 2, output_padding=s % 2)
            for s in scales
        )

    def forward(self, mel: torch.Tensor) -> torch.Tensor:
        hop = functools.reduce(operator.mul, self.scales, 1)  # breaks: script
        x = mel
        for stage in self.stages:
            x = torch.tanh(stage(x))
        x = x[..., : mel.shape[-1] * hop]
        return x.unflatten(-1, (mel.shape[-1], hop)).mean(-1)


def inputs():
    torch.manual_seed(7312)
    return [(torch.randn(1, 4, 5),), (torch.randn(2, 4, 5),)]
