# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def conv_block(x: Tensor, conv: nn.Module, norm: nn.Module, *, dropout: float = 0.0, training: bool = False) -> Tensor:
    y = torch.relu(conv(x.transpose(1, 2))).transpose(1, 2)
    y = norm(y)
    return nn.functional.dropout(y, p=dropout, training=training)


class VariancePredictor(nn.Module):
    """FastSpeech-style predictor for duration / pitch / energy (one scalar per phoneme)."""

    def __init__(self, d: int = 16, hidden: int = 16, kernel: int = 3, dropout: float = 0.1):
        super().__init__()
        self.dropout = dropout
        self.conv1 = nn.Conv1d(d, hidden, kernel, padding=kernel // 2)
        self.norm1 = nn.LayerNorm(hidden)
        self.conv2 = nn.Conv1d(hidden, hidden, kernel, padding=kernel // 2)
        self.norm2 = nn.LayerNorm(hidden)
        self.proj = nn.Linear(hidden, 1)

    def forward(self, x: Tensor, mask: Tensor) -> Tensor:
        h = conv_block(x, self.conv1, self.norm1, dropout=self.dropout, training=self.training)
        h = conv_block(h, self.conv2, self.norm2, dropout=self.dropout, training=self.training)
        out = self.proj(h).squeeze(-1)
        return out.masked_fill(~mask, 0.0)


class VarianceAdaptor(nn.Module):
    def __init__(self, d: int = 16, n_bins: int = 8):
        super().__init__()
        self.duration = VariancePredictor(d)
        self.pitch = VariancePredictor(d)
        self.pitch_embed = nn.Embedding(n_bins, d)
        self.register_buffer("pitch_bins", torch.linspace(-2.0, 2.0, n_bins - 1))

    def forward(self, x: Tensor, mask: Tensor):
        log_dur = self.duration(x, mask)
        pitch = self.pitch(x, mask)
        x = x + self.pitch_embed(torch.bucketize(pitch, self.pitch_bins))
        return x, log_dur, pitch


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(40, 16)
        self.adaptor = VarianceAdaptor(16)

    def forward(self, phonemes: Tensor, mask: Tensor):
        return self.adaptor(self.embed(phonemes), mask)


def inputs():
    torch.manual_seed(5305)
    m1 = torch.ones(2, 7, dtype=torch.bool)
    m1[1, 5:] = False
    m2 = torch.ones(3, 11, dtype=torch.bool)
    m2[0, 8:] = False
    return [(torch.randint(0, 40, (2, 7)), m1), (torch.randint(0, 40, (3, 11)), m2)]
