# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class SpatialTransformer(nn.Module):
    """STN: a localisation net predicts an affine warp that resamples the input."""

    def __init__(self, ch: int = 3):
        super().__init__()
        self.loc = nn.Sequential(
            nn.Conv2d(ch, 4, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten()
        )
        self.fc = nn.Linear(4, 6)
        nn.init.zeros_(self.fc.weight)
        with torch.no_grad():
            self.fc.bias.copy_(torch.tensor([1.0, 0.1, 0.0, 0.0, 0.9, 0.05]))

    def forward(self, x: Tensor) -> Tensor:
        theta = self.fc(self.loc(x)).view(-1, 2, 3)
        grid = F.affine_grid(theta, x.size(), align_corners=False)
        return F.grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=False)


Model = SpatialTransformer


def inputs():
    torch.manual_seed(3651)
    return [(torch.randn(2, 3, 6, 6),), (torch.randn(1, 3, 5, 7),)]
