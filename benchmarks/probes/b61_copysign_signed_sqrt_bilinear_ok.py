# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Compact bilinear feature normalisation: signed square root with copysign, then L2."""

    def __init__(self, dim: int = 16, n_cls: int = 5):
        super().__init__()
        self.a, self.b = nn.Linear(dim, 32), nn.Linear(dim, 32)
        self.fc = nn.Linear(32, n_cls)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        z = self.a(x) * self.b(x)
        z = torch.copysign(z.abs().sqrt(), z)
        return self.fc(F.normalize(z, dim=-1))


def inputs():
    torch.manual_seed(6129)
    return [(torch.randn(4, 16),), (torch.randn(9, 16),)]
