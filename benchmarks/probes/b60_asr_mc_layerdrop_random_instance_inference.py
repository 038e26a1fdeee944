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
    """Skips whole layers at random. Also active at inference when `mc` is set: several
    stochastic passes give a Monte-Carlo estimate of the posterior and its spread. Uses its
    own seeded RNG so that the passes are reproducible."""

    def __init__(self, layers, p: float, mc: bool = False, seed: int = 1234):
        super().__init__(layers)
        self.p = p
        self.mc = mc
        self.rng = random.Random(seed)

    def sample_path(self):
        return [m for m in self if not ((self.training or self.mc) and self.rng.random() < self.p)]


class Model(nn.Module):
    """Small conformer-style acoustic encoder with a CTC head that reports an MC-layerdrop
    averaged posterior and its per-frame variance (used for confidence estimation)."""

    def __init__(self, n_mels: int = 20, dim: int = 32, vocab: int = 29, passes: int = 4):
        super().__init__()
        self.passes = passes
        self.proj = nn.Linear(n_mels, dim)
        self.layers = LayerDropStack(
            [nn.Sequential(ConformerFF(dim), ConvModule(dim), ConformerFF(dim)) for _ in range(4)], p=0.3, mc=True
        )
        self.ctc = nn.Linear(dim, vocab)

    def forward(self, feats: torch.Tensor):
        probs = []
        for _ in range(self.passes):
            x = self.proj(feats)
            for layer in self.layers.sample_path():
                x = layer(x)
            probs.append(self.ctc(x).softmax(-1))
        stacked = torch.stack(probs)
        return stacked.mean(0), stacked.var(0).sum(-1)


def inputs():
    torch.manual_seed(6013)
    return [(torch.randn(2, 30, 20),), (torch.randn(3, 45, 20),)]
