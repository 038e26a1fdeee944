# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class OccupancyEncoder(nn.Module):
    """Point-cloud global descriptor: 3-D occupancy histogram (torch.histogramdd) fed to an MLP."""

    def __init__(self, bins: int = 4, d: int = 8):
        super().__init__()
        self.bins = bins
        self.fc = nn.Linear(bins ** 3, d)

    def forward(self, pts: Tensor) -> Tensor:
        hist, _ = torch.histogramdd(pts, bins=[self.bins] * 3, range=[-1.0, 1.0, -1.0, 1.0, -1.0, 1.0])
        occ = hist.flatten() / pts.shape[0]
        return self.fc(occ)


Model = OccupancyEncoder


def inputs():
    torch.manual_seed(5214)
    return [(torch.rand(50, 3) * 2 - 1,), (torch.rand(23, 3) * 1.6 - 0.8,)]
