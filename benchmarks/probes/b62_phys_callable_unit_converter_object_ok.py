# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class UnitConverter:
    """Converts between simulator units and SI (not a module: it only holds two floats)."""

    def __init__(self, length_scale: float, energy_scale: float):
        self.length_scale = length_scale
        self.energy_scale = energy_scale

    def __call__(self, positions: torch.Tensor) -> torch.Tensor:
        return positions * self.length_scale

    def energy_to_si(self, e: torch.Tensor) -> torch.Tensor:
        return e * self.energy_scale


ANGSTROM_EV = UnitConverter(length_scale=1e-10 * 1e10, energy_scale=1.602)


def pair_distances(pos: torch.Tensor) -> torch.Tensor:
    diff = pos.unsqueeze(2) - pos.unsqueeze(1)
    return (diff.pow(2).sum(-1) + 1e-9).sqrt()


class RadialBasis(nn.Module):
    def __init__(self, n: int = 16, cutoff: float = 5.0):
        super().__init__()
        self.register_buffer("centers", torch.linspace(0.0, cutoff, n))
        self.gamma = 10.0 / cutoff

    def forward(self, d: torch.Tensor) -> torch.Tensor:
        return torch.exp(-self.gamma * (d.unsqueeze(-1) - self.centers) ** 2)


class Model(nn.Module):
    """Pairwise neural potential: radial features -> per-pair energies -> total energy (SI)."""

    def __init__(self):
        super().__init__()
        self.units = ANGSTROM_EV
        self.rbf = RadialBasis()
        self.pair_mlp = nn.Sequential(nn.Linear(16, 32), nn.SiLU(), nn.Linear(32, 1))

    def forward(self, pos: torch.Tensor) -> torch.Tensor:
        pos = self.units(pos)
        d = pair_distances(pos)
        n = pos.shape[1]
        mask = 1.0 - torch.eye(n, dtype=pos.dtype, device=pos.device)
        e_pair = self.pair_mlp(self.rbf(d)).squeeze(-1) * mask
        energy = 0.5 * e_pair.sum(dim=(1, 2))
        return self.units.energy_to_si(energy)


def inputs():
    torch.manual_seed(6202)
    return [(torch.rand(2, 6, 3) * 4,), (torch.rand(3, 9, 3) * 4,)]
