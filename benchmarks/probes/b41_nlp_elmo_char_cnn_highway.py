# ruff: noqa  (a probe is written as users write models)
from typing import List, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F


class Highway(nn.Module):
    def __init__(self, dim: int, num_layers: int = 2, activation=F.relu):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(dim, dim * 2) for _ in range(num_layers))
        self.activation = activation
        for layer in self.layers:
            # bias the carry gate towards passing input through
            layer.bias.data[dim:].fill_(1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for layer in self.layers:
            proj = layer(x)
            nonlinear, gate = proj.chunk(2, dim=-1)
            gate = torch.sigmoid(gate)
            x = gate * x + (1 - gate) * self.activation(nonlinear)
        return x


class CharCNNEncoder(nn.Module):
    """ELMo-style token encoder: char embeddings, max-over-time convolutions, highway, projection."""

    def __init__(self, n_chars: int = 64, char_dim: int = 8,
                 filters: List[Tuple[int, int]] = ((1, 8), (2, 8), (3, 16), (4, 16)),
                 out_dim: int = 24, padding_idx: int = 0):
        super().__init__()
        self.padding_idx = padding_idx
        self.char_embed = nn.Embedding(n_chars, char_dim, padding_idx=padding_idx)
        self.convs = nn.ModuleList(nn.Conv1d(char_dim, n, w) for w, n in filters)
        n_filters = sum(n for _, n in filters)
        self.highway = Highway(n_filters)
        self.proj = nn.Linear(n_filters, out_dim)

    def forward(self, char_ids: torch.Tensor):
        # char_ids: (batch, tokens, max_chars)
        b, t, c = char_ids.shape
        mask = (char_ids != self.padding_idx).any(-1)
        x = self.char_embed(char_ids.view(b * t, c)).transpose(1, 2)
        pooled = []
        for conv in self.convs:
            h, _ = torch.max(conv(x), dim=-1)
            pooled.append(torch.tanh(h))
        tok = self.proj(self.highway(torch.cat(pooled, dim=-1))).view(b, t, -1)
        return tok * mask.unsqueeze(-1).to(tok.dtype), mask


Model = CharCNNEncoder


def inputs():
    torch.manual_seed(4111)
    a = torch.randint(1, 64, (2, 5, 7))
    a[1, 3:] = 0
    b = torch.randint(1, 64, (3, 4, 9))
    b[0, :, 6:] = 0
    return [(a,), (b,)]
