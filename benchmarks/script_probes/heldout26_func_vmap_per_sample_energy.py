# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PairEnergy(nn.Module):
    """Per-configuration potential energy of a small particle system, batched with vmap."""

    def __init__(self, hidden: int = 8):
        super().__init__()
        self.phi = nn.Sequential(nn.Linear(1, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def energy(self, pos):
        diff = pos.unsqueeze(0) - pos.unsqueeze(1)
        r = (diff.pow(2).sum(-1) + 1e-6).sqrt()
        iu = torch.triu_indices(pos.shape[0], pos.shape[0], 1)
        return self.phi(r[iu[0], iu[1]].unsqueeze(-1)).sum()

    def forward(self, positions):
        return torch.func.vmap(self.energy)(positions)


Model = PairEnergy


def inputs():
    torch.manual_seed(2609)
    return [(torch.randn(2, 4, 3),), (torch.randn(3, 6, 3),)]
