# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Spatial transformer: a localisation net predicts an affine warp; sampling uses
    reflection padding so the border does not go black."""

    def __init__(self):
        super().__init__()
        self.loc = nn.Sequential(nn.Conv2d(1, 8, 5, stride=2), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.theta = nn.Linear(8, 6)
        nn.init.zeros_(self.theta.weight)
        self.theta.bias.data.copy_(torch.tensor([1.0, 0.1, 0.0, 0.0, 1.0, 0.05]))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        theta = self.theta(self.loc(x)).view(-1, 2, 3)
        grid = F.affine_grid(theta, list(x.shape), align_corners=False)
        return F.grid_sample(x, grid, padding_mode="reflection", align_corners=False)


def inputs():
    torch.manual_seed(6122)
    return [(torch.randn(2, 1, 28, 28),), (torch.randn(3, 1, 32, 24),)]
