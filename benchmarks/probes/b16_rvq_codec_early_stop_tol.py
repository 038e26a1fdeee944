from dataclasses import dataclass

import torch
from torch import nn


@dataclass(frozen=True)
class CodecConfig:
    dim: int = 8
    codebook_size: int = 16
    n_quantizers: int = 4
    early_stop_tol: float = 0.39


class VectorQuantizer(nn.Module):
    def __init__(self, cfg: CodecConfig):
        super().__init__()
        self.codebook = nn.Parameter(torch.randn(cfg.codebook_size, cfg.dim))

    def forward(self, z):
        dist = torch.cdist(z, self.codebook.expand(z.shape[0], -1, -1))
        codes = dist.argmin(-1)
        return self.codebook[codes], codes


class Model(nn.Module):
    def __init__(self, cfg: CodecConfig = CodecConfig()):
        super().__init__()
        self.cfg = cfg
        self.encoder = nn.Conv1d(1, cfg.dim, 4, stride=2)
        self.quantizers = nn.ModuleList(VectorQuantizer(cfg) for _ in range(cfg.n_quantizers))
        self.decoder = nn.ConvTranspose1d(cfg.dim, 1, 4, stride=2)

    def converged(self, residual):
        return residual.pow(2).mean() < self.cfg.early_stop_tol

    def forward(self, wav):
        z = self.encoder(wav).transpose(1, 2)
        residual, quantized, all_codes = z, torch.zeros_like(z), []
        for q in self.quantizers:
            zq, codes = q(residual)
            quantized = quantized + zq
            residual = residual - zq
            all_codes.append(codes)
            if self.converged(residual):  # breaks: compile,export,trace
                break
        return self.decoder(quantized.transpose(1, 2)), torch.stack(all_codes, dim=1).float().mean(1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 1, 32),), (torch.randn(3, 1, 32),), (0.01 * torch.randn(2, 1, 32),)]
