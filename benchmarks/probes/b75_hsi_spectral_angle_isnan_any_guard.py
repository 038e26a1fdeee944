# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def spectral_angle(x: torch.Tensor, ref: torch.Tensor) -> torch.Tensor:
    cos = (x * ref).sum(1) / (x.norm(dim=1) * ref.norm(dim=1))  # breaks: script
    return torch.acos(cos.clamp(-1, 1))


class Model(nn.Module):
    """Hyperspectral target detector: per-pixel spectral angle to learned endmembers; dead
    pixels (all-zero spectra) give NaN angles, which are patched only when present."""

    def __init__(self, bands: int = 6, n_end: int = 3):
        super().__init__()
        self.end = nn.Parameter(torch.rand(n_end, bands, 1, 1))

    def forward(self, cube: torch.Tensor) -> torch.Tensor:
        angles = torch.stack([spectral_angle(cube, e[None]) for e in self.end], 1)
        if torch.isnan(angles).any():  # breaks: compile,export,trace
            angles = torch.nan_to_num(angles, nan=torch.pi / 2)
        return F.softmin(angles, dim=1)


def inputs():
    torch.manual_seed(7528)
    good = torch.rand(1, 6, 4, 4) + 0.1
    dead = good.clone()
    dead[..., 1, 2] = 0
    return [(good,), (dead,)]
