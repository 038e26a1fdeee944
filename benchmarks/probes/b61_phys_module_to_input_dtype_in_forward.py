# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Learned interatomic potential that follows the caller's precision: it casts itself to
    the dtype of the positions on every call (float64 for MD, float32 for training)."""

    def __init__(self, hidden: int = 16):
        super().__init__()
        self.embed = nn.Linear(1, hidden)
        self.out = nn.Sequential(nn.SiLU(), nn.Linear(hidden, 1))

    def forward(self, pos: torch.Tensor) -> torch.Tensor:
        self.to(pos.dtype)
        n = pos.shape[0]
        r = torch.cdist(pos, pos) + torch.eye(n, dtype=pos.dtype)
        e = self.out(self.embed(1.0 / r.unsqueeze(-1))).squeeze(-1)
        return 0.5 * (e * (1 - torch.eye(n, dtype=pos.dtype))).sum()


def inputs():
    torch.manual_seed(6134)
    return [(torch.randn(6, 3),), (torch.randn(9, 3),)]
