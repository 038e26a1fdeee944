# ruff: noqa  (a probe is written as users write models)
from typing import List, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F


class EuclideanCodebook(nn.Module):
    def __init__(self, dim: int, codebook_size: int):
        super().__init__()
        self.register_buffer("embed", torch.randn(codebook_size, dim))

    def quantize(self, x: torch.Tensor) -> torch.Tensor:
        embed = self.embed.t()
        dist = -(x.pow(2).sum(1, keepdim=True) - 2 * x @ embed + embed.pow(2).sum(0, keepdim=True))
        return dist.max(dim=-1).indices

    def dequantize(self, codes: torch.Tensor) -> torch.Tensor:
        return F.embedding(codes, self.embed)

    def forward(self, x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
        shape = x.shape
        flat = x.reshape(-1, shape[-1])
        codes = self.quantize(flat)
        return self.dequantize(codes).view(shape), codes.view(shape[:-1])


class ResidualVectorQuantizer(nn.Module):
    def __init__(self, dim: int = 8, codebook_size: int = 16, n_q: int = 4):
        super().__init__()
        self.layers = nn.ModuleList(EuclideanCodebook(dim, codebook_size) for _ in range(n_q))

    def forward(self, x: torch.Tensor):
        # x: (B, D, T) as the codec's encoder emits it
        residual = x.transpose(1, 2)
        quantized_out = torch.zeros_like(residual)
        all_codes: List[torch.Tensor] = []
        for layer in self.layers:
            quantized, codes = layer(residual)
            residual = residual - quantized.detach()
            quantized_out = quantized_out + quantized
            all_codes.append(codes)
        commit = F.mse_loss(x.transpose(1, 2), quantized_out.detach())
        st = x + (quantized_out.transpose(1, 2) - x).detach()
        return st, torch.stack(all_codes), commit


class TinyCodec(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.encoder = nn.Sequential(nn.Conv1d(1, dim, 4, stride=2, padding=1), nn.ELU(), nn.Conv1d(dim, dim, 3, padding=1))
        self.quantizer = ResidualVectorQuantizer(dim)
        self.decoder = nn.Sequential(nn.Conv1d(dim, dim, 3, padding=1), nn.ELU(), nn.ConvTranspose1d(dim, 1, 4, stride=2, padding=1))

    def forward(self, wav):
        emb = self.encoder(wav)
        q, codes, commit = self.quantizer(emb)
        return self.decoder(q), codes, commit


Model = TinyCodec


def inputs():
    torch.manual_seed(4332)
    return [(torch.randn(2, 1, 32),), (torch.randn(1, 1, 48),)]
