# ruff: noqa  (a probe is written as users write models)
import random

import torch
import torch.nn as nn


class ConformerFF(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.net = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, 4 * dim), nn.SiLU(), nn.Linear(4 * dim, dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + 0.5 * self.net(x)


class ConvModule(nn.Module):
    def __init__(self, dim: int, kernel: int = 7):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.pw = nn.Conv1d(dim, 2 * dim, 1)
        self.dw = nn.Conv1d(dim, dim, kernel, padding=kernel // 2, groups=dim)
        self.out = nn.Conv1d(dim, dim, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = nn.functional.glu(self.pw(self.norm(x).transpose(1, 2)), dim=1)
        return x + self.out(nn.functional.silu(self.dw(h))).transpose(1, 2)


class LayerDropStack(nn.ModuleList):
    """Skips whole layers at random while training. Uses its own seeded RNG so that dropping
    decisions are reproducible across data-loader workers and restarts."""

    def __init__(self, layers, p: float, seed: int = 1234):
        super().__init__(layers)
        self.p = p
        self.rng = random.Random(seed)

    def __iter__(self):
        for layer in super().__iter__():
            if self.training and self.rng.random() < self.p:
                continue
            yield layer


class Model(nn.Module):
    """Small conformer-style acoustic encoder with CTC head (model kept in train mode during
    fine-tuning with layer drop)."""

    def __init__(self, n_mels: int = 20, dim: int = 32, vocab: int = 29):
        super().__init__()
        self.proj = nn.Linear(n_mels, dim)
        self.layers = LayerDropStack(
            [nn.Sequential(ConformerFF(dim), ConvModule(dim), ConformerFF(dim)) for _ in range(4)], p=0.3
        )
        self.ctc = nn.Linear(dim, vocab)

    def forward(self, feats: torch.Tensor) -> torch.Tensor:
        x = self.proj(feats)
        for layer in self.layers:
            x = layer(x)
        return self.ctc(x).log_softmax(-1)


def inputs():
    torch.manual_seed(6012)
    return [(torch.randn(2, 30, 20),), (torch.randn(3, 45, 20),)]
