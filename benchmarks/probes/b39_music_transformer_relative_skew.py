# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class RelativeGlobalAttention(nn.Module):
    """Music Transformer attention with the memory-efficient 'skewing' of relative logits."""

    def __init__(self, d_model=16, num_heads=2, max_seq=32):
        super().__init__()
        self.h = num_heads
        self.dh = d_model // num_heads
        self.max_seq = max_seq
        self.Wq = nn.Linear(d_model, d_model)
        self.Wk = nn.Linear(d_model, d_model)
        self.Wv = nn.Linear(d_model, d_model)
        self.fc = nn.Linear(d_model, d_model)
        self.E = nn.Parameter(torch.randn(max_seq, self.dh) * 0.02)

    @staticmethod
    def _skewing(qe):
        padded = F.pad(qe, (1, 0))
        b, h, l, m = padded.shape
        reshaped = padded.reshape(b, h, m, l)
        return reshaped[:, :, 1:, :]

    def _split(self, x):
        b, n, _ = x.shape
        return x.view(b, n, self.h, self.dh).transpose(1, 2)

    def forward(self, x):
        b, n, d = x.shape
        q, k, v = self._split(self.Wq(x)), self._split(self.Wk(x)), self._split(self.Wv(x))
        e = self.E[self.max_seq - n :]
        qe = torch.einsum("bhld,md->bhlm", q, e)
        causal = torch.ones(n, n, dtype=torch.bool, device=x.device).tril().flip(1)
        qe = qe.masked_fill(~causal, 0.0)
        srel = self._skewing(qe)
        logits = (q @ k.transpose(-1, -2) + srel) / math.sqrt(self.dh)
        future = torch.triu(torch.ones(n, n, dtype=torch.bool, device=x.device), diagonal=1)
        logits = logits.masked_fill(future, float("-inf"))
        out = (logits.softmax(-1) @ v).transpose(1, 2).reshape(b, n, d)
        return self.fc(out)


class MusicDecoder(nn.Module):
    def __init__(self, vocab=40, d_model=16, layers=2):
        super().__init__()
        self.embedding = nn.Embedding(vocab, d_model)
        self.attn = nn.ModuleList([RelativeGlobalAttention(d_model) for _ in range(layers)])
        self.ffn = nn.ModuleList([nn.Sequential(nn.Linear(d_model, 2 * d_model), nn.ReLU(), nn.Linear(2 * d_model, d_model)) for _ in range(layers)])
        self.norm1 = nn.ModuleList([nn.LayerNorm(d_model) for _ in range(layers)])
        self.norm2 = nn.ModuleList([nn.LayerNorm(d_model) for _ in range(layers)])
        self.out = nn.Linear(d_model, vocab)

    def forward(self, tokens):
        x = self.embedding(tokens) * math.sqrt(self.embedding.embedding_dim)
        for attn, ffn, n1, n2 in zip(self.attn, self.ffn, self.norm1, self.norm2):
            x = n1(x + attn(x))
            x = n2(x + ffn(x))
        return self.out(x)


Model = MusicDecoder


def inputs():
    torch.manual_seed(3930)
    return [(torch.randint(0, 40, (2, 9)),), (torch.randint(0, 40, (3, 14)),)]
