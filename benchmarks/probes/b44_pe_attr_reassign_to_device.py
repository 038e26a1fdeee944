# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class PositionalEncoding(nn.Module):
    """Sinusoidal table kept as a plain attribute and moved to the input's device on every call."""

    def __init__(self, d_model=8, max_len=64):
        super().__init__()
        pe = torch.zeros(max_len, d_model)
        position = torch.arange(0, max_len, dtype=torch.float).unsqueeze(1)
        div_term = torch.exp(torch.arange(0, d_model, 2).float() * (-math.log(10000.0) / d_model))
        pe[:, 0::2] = torch.sin(position * div_term)
        pe[:, 1::2] = torch.cos(position * div_term)
        self.pe = pe.unsqueeze(0)

    def forward(self, x):
        self.pe = self.pe.to(x.device)
        return x + self.pe[:, : x.size(1)]


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(30, 8)
        self.pos = PositionalEncoding()
        self.out = nn.Linear(8, 2)

    def forward(self, tokens):
        return self.out(self.pos(self.embed(tokens)))


Model = Encoder


def inputs():
    torch.manual_seed(32)
    return [(torch.randint(0, 30, (2, 5)),), (torch.randint(0, 30, (3, 9)),)]
