# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
import torch.nn.functional as F


class VectorQuantize(nn.Module):
    def __init__(self, dim, codebook_size):
        super().__init__()
        self.codebook = nn.Parameter(torch.randn(codebook_size, dim))

    def forward(self, x):
        flat = x.reshape(-1, x.shape[-1])
        dist = flat.pow(2).sum(1, keepdim=True) - 2 * flat @ self.codebook.t() + self.codebook.pow(2).sum(1)[None]
        idx = dist.argmin(dim=1).view(x.shape[:-1])
        q = F.embedding(idx, self.codebook)
        return x + (q - x).detach(), idx


class ResidualVQ(nn.Module):
    def __init__(self, dim=8, n_q=4, codebook_size=16, quantizer_dropout=0.5):
        super().__init__()
        self.n_q = n_q
        self.quantizer_dropout = quantizer_dropout
        self.layers = nn.ModuleList([VectorQuantize(dim, codebook_size) for _ in range(n_q)])

    def forward(self, x, n_q: Optional[int] = None):
        n_q = n_q or self.n_q
        if self.training and self.quantizer_dropout > 0 and torch.rand(()) < self.quantizer_dropout:
            n_q = int(torch.randint(1, self.n_q + 1, (1,)))
        quantized = torch.zeros_like(x)
        residual = x
        codes = []
        for layer in self.layers[:n_q]:
            q, idx = layer(residual)
            residual = residual - q.detach()
            quantized = quantized + q
            codes.append(idx)
        return quantized, torch.stack(codes, dim=-1)


class CodecBottleneck(nn.Module):
    def __init__(self, channels=8, stride=4):
        super().__init__()
        self.encoder = nn.Sequential(nn.Conv1d(1, channels, 2 * stride, stride=stride, padding=stride // 2), nn.ELU(), nn.Conv1d(channels, channels, 3, padding=1))
        self.rvq = ResidualVQ(channels)
        self.decoder = nn.ConvTranspose1d(channels, 1, 2 * stride, stride=stride, padding=stride // 2)

    def forward(self, wav):
        z = self.encoder(wav).transpose(1, 2)
        zq, codes = self.rvq(z)
        return self.decoder(zq.transpose(1, 2)), codes


Model = CodecBottleneck


def inputs():
    torch.manual_seed(3728)
    return [(torch.randn(2, 1, 64),), (torch.randn(3, 1, 96),)]
