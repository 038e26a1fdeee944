# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PropertyRegressor(nn.Module):
    """Predicts several named molecular properties; returns them keyed by name."""

    target_names = ("energy", "dipole", "gap")

    def __init__(self, dim=8):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(dim, 16), nn.SiLU(), nn.Linear(16, len(self.target_names)))

    def forward(self, x):
        preds = self.mlp(x)
        return dict(zip(self.target_names, preds.unbind(dim=-1)))


Model = PropertyRegressor


def inputs():
    torch.manual_seed(3818)
    return [(torch.randn(3, 8),), (torch.randn(6, 8),)]
