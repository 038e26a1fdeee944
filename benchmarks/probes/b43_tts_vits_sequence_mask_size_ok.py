# ruff: noqa  (a probe is written as users write models)
import math
from typing import Optional

import torch
from torch import nn
from torch.nn import functional as F


def sequence_mask(length: torch.Tensor, max_length: Optional[int] = None) -> torch.Tensor:
    if max_length is None:
        max_length = length.max()
    x = torch.arange(max_length, dtype=length.dtype, device=length.device)
    return x.unsqueeze(0) < length.unsqueeze(1)


class LayerNorm(nn.Module):
    def __init__(self, channels, eps=1e-5):
        super().__init__()
        self.gamma = nn.Parameter(torch.ones(channels))
        self.beta = nn.Parameter(torch.zeros(channels))
        self.eps = eps

    def forward(self, x):
        x = x.transpose(1, -1)
        x = F.layer_norm(x, (x.size(-1),), self.gamma, self.beta, self.eps)
        return x.transpose(1, -1)


class FFN(nn.Module):
    def __init__(self, channels, filter_channels, kernel_size):
        super().__init__()
        self.conv_1 = nn.Conv1d(channels, filter_channels, kernel_size, padding=kernel_size // 2)
        self.conv_2 = nn.Conv1d(filter_channels, channels, kernel_size, padding=kernel_size // 2)

    def forward(self, x, x_mask):
        x = torch.relu(self.conv_1(x * x_mask))
        return self.conv_2(x * x_mask) * x_mask


class TextEncoder(nn.Module):
    def __init__(self, n_vocab=30, hidden=8, filter_channels=16, out_channels=4, n_layers=2):
        super().__init__()
        self.hidden = hidden
        self.emb = nn.Embedding(n_vocab, hidden)
        nn.init.normal_(self.emb.weight, 0.0, hidden ** -0.5)
        self.ffns = nn.ModuleList(FFN(hidden, filter_channels, 3) for _ in range(n_layers))
        self.norms = nn.ModuleList(LayerNorm(hidden) for _ in range(n_layers))
        self.proj = nn.Conv1d(hidden, out_channels * 2, 1)

    def forward(self, x, x_lengths):
        x = self.emb(x) * math.sqrt(self.hidden)
        x = torch.transpose(x, 1, -1)
        x_mask = torch.unsqueeze(sequence_mask(x_lengths, x.size(2)), 1).to(x.dtype)
        for ffn, norm in zip(self.ffns, self.norms):
            x = norm(x + ffn(x, x_mask))
        stats = self.proj(x) * x_mask
        m, logs = torch.split(stats, stats.size(1) // 2, dim=1)
        return x, m, logs, x_mask


Model = TextEncoder


def inputs():
    torch.manual_seed(4307)
    return [
        (torch.randint(0, 30, (2, 7)), torch.tensor([7, 4])),
        (torch.randint(0, 30, (2, 7)), torch.tensor([3, 6])),
        (torch.randint(0, 30, (3, 5)), torch.tensor([5, 2, 1])),
    ]
