# ruff: noqa  (a probe is written as users write models)
import itertools

import torch
import torch.nn as nn


class Model(nn.Module):
    """Audio-visual fusion: each modality pair (audio, video) per level is fused with a
    bilinear-ish product, applied with itertools.starmap over zipped level features."""

    def __init__(self, d: int = 8, levels: int = 3):
        super().__init__()
        self.audio = nn.ModuleList(nn.Linear(d, d) for _ in range(levels))
        self.video = nn.ModuleList(nn.Linear(d, d) for _ in range(levels))
        self.out = nn.Linear(d, 2)

    @staticmethod
    def fuse(a: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        return torch.tanh(a) * torch.sigmoid(v)

    def forward(self, a: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        pairs = [(fa(a), fv(v)) for fa, fv in zip(self.audio, self.video)]
        fused = list(itertools.starmap(self.fuse, pairs))
        return self.out(torch.stack(fused, 0).sum(0))


def inputs():
    torch.manual_seed(5915)
    return [(torch.randn(2, 8), torch.randn(2, 8)), (torch.randn(5, 8), torch.randn(5, 8))]
