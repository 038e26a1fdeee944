# ruff: noqa  (a probe is written as users write models)
from typing import Protocol

import torch
import torch.nn as nn
import torch.nn.functional as F


class FrameEncoder(Protocol):
    """Anything that maps (B, T, F) acoustic frames to (B, T', D) encodings."""

    out_dim: int

    def __call__(self, feats: torch.Tensor) -> torch.Tensor: ...


class ConvSubsampler(nn.Module):
    def __init__(self, in_dim: int = 40, out_dim: int = 64):
        super().__init__()
        self.out_dim = out_dim
        self.conv1 = nn.Conv1d(in_dim, out_dim, 3, stride=2, padding=1)
        self.conv2 = nn.Conv1d(out_dim, out_dim, 3, stride=2, padding=1)

    def forward(self, feats: torch.Tensor) -> torch.Tensor:
        h = F.gelu(self.conv1(feats.transpose(1, 2)))
        h = F.gelu(self.conv2(h))
        return h.transpose(1, 2)


def encode_and_normalize(encoder: FrameEncoder, feats: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    """Shared by every recipe: run the pluggable encoder, then per-utterance mean/var norm."""
    enc = encoder(feats)
    mu = enc.mean(dim=1, keepdim=True)
    var = enc.var(dim=1, keepdim=True, unbiased=False)
    return (enc - mu) / torch.sqrt(var + eps)


class ConvFFNBlock(nn.Module):
    def __init__(self, d: int, k: int = 5):
        super().__init__()
        self.dw = nn.Conv1d(d, d, k, padding=k // 2, groups=d)
        self.norm = nn.LayerNorm(d)
        self.ffn = nn.Sequential(nn.Linear(d, 2 * d), nn.SiLU(), nn.Linear(2 * d, d))

    def forward(self, h: torch.Tensor) -> torch.Tensor:
        h = h + self.dw(h.transpose(1, 2)).transpose(1, 2)
        return h + self.ffn(self.norm(h))


class CTCHead(nn.Module):
    def __init__(self, d: int, vocab: int):
        super().__init__()
        self.proj = nn.Linear(d, vocab)

    def forward(self, h: torch.Tensor) -> torch.Tensor:
        return self.proj(h).log_softmax(-1)


class Model(nn.Module):
    """Small CTC recogniser whose front-end is any `FrameEncoder`."""

    def __init__(self, n_mels: int = 40, vocab: int = 30):
        super().__init__()
        self.encoder = ConvSubsampler(n_mels, 64)
        self.block = ConvFFNBlock(64)
        self.head = CTCHead(64, vocab)

    def forward(self, feats: torch.Tensor) -> torch.Tensor:
        h = encode_and_normalize(self.encoder, feats)
        h = self.block(h)
        return self.head(h)


def inputs():
    torch.manual_seed(6201)
    return [(torch.randn(2, 48, 40),), (torch.randn(3, 80, 40),)]
