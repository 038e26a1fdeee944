# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


def round_ste(z: Tensor) -> Tensor:
    """Round with straight through gradients."""
    zhat = z.round()
    return z + (zhat - z).detach()


class FSQ(nn.Module):
    def __init__(self, levels: List[int], dim: int):
        super().__init__()
        _levels = torch.tensor(levels, dtype=torch.int32)
        self.register_buffer("_levels", _levels, persistent=False)
        _basis = torch.cumprod(torch.tensor([1] + levels[:-1]), dim=0, dtype=torch.int32)
        self.register_buffer("_basis", _basis, persistent=False)
        self.codebook_dim = len(levels)
        self.project_in = nn.Linear(dim, self.codebook_dim)
        self.project_out = nn.Linear(self.codebook_dim, dim)

    def bound(self, z: Tensor, eps: float = 1e-3) -> Tensor:
        half_l = (self._levels - 1) * (1 + eps) / 2
        offset = torch.where(self._levels % 2 == 0, 0.5, 0.0)
        shift = (offset / half_l).atanh()
        return (z + shift).tanh() * half_l - offset

    def quantize(self, z: Tensor) -> Tensor:
        quantized = round_ste(self.bound(z))
        half_width = self._levels // 2
        return quantized / half_width

    def _scale_and_shift(self, zhat_normalized: Tensor) -> Tensor:
        half_width = self._levels // 2
        return (zhat_normalized * half_width) + half_width

    def codes_to_indices(self, zhat: Tensor) -> Tensor:
        zhat = self._scale_and_shift(zhat)
        return (zhat * self._basis).sum(dim=-1).to(torch.int32)

    def forward(self, z: Tensor):
        z = self.project_in(z)
        codes = self.quantize(z)
        indices = self.codes_to_indices(codes)
        return self.project_out(codes), indices


class FSQAutoencoder(nn.Module):
    def __init__(self, in_ch=1, dim=8, levels=(8, 5, 5)):
        super().__init__()
        self.encoder = nn.Sequential(nn.Conv1d(in_ch, dim, 4, stride=2, padding=1), nn.ELU(), nn.Conv1d(dim, dim, 3, padding=1))
        self.fsq = FSQ(list(levels), dim)
        self.decoder = nn.Sequential(nn.ConvTranspose1d(dim, dim, 4, stride=2, padding=1), nn.ELU(), nn.Conv1d(dim, in_ch, 3, padding=1))

    def forward(self, wav):
        z = self.encoder(wav).transpose(1, 2)
        zq, idx = self.fsq(z)
        return self.decoder(zq.transpose(1, 2)), idx


Model = FSQAutoencoder


def inputs():
    torch.manual_seed(4523)
    return [(torch.randn(2, 1, 16),), (torch.randn(2, 1, 16),), (torch.randn(1, 1, 24),)]
