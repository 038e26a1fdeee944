# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def safe_norm(v: torch.Tensor, dim: int = -1, eps: float = 1e-12) -> torch.Tensor:
    # double-where: keep sqrt's gradient finite at zero-length vectors
    sq = (v * v).sum(dim, keepdim=True)
    nonzero = sq > eps
    safe_sq = torch.where(nonzero, sq, torch.ones_like(sq))
    return torch.where(nonzero, safe_sq.sqrt(), torch.zeros_like(sq))


class EquivariantGate(nn.Module):
    def __init__(self, ch=4):
        super().__init__()
        self.gate = nn.Linear(ch, ch)

    def forward(self, vec):
        # vec: (B, N, ch, 3) vector features
        n = safe_norm(vec).squeeze(-1)
        return vec * torch.sigmoid(self.gate(n)).unsqueeze(-1)


Model = EquivariantGate


def inputs():
    torch.manual_seed(4928)
    a = torch.randn(1, 5, 4, 3)
    a[0, 0] = 0.0
    return [(a,), (torch.randn(2, 3, 4, 3),)]
