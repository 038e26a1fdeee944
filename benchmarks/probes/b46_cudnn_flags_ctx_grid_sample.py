# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class SpatialTransformer(nn.Module):
    def __init__(self, channels=3):
        super().__init__()
        self.loc = nn.Sequential(nn.AdaptiveAvgPool2d(2), nn.Flatten(), nn.Linear(channels * 4, 6))
        nn.init.zeros_(self.loc[2].weight)
        with torch.no_grad():
            self.loc[2].bias.copy_(torch.tensor([1.0, 0.0, 0.0, 0.0, 1.0, 0.0]))

    def forward(self, x):
        theta = self.loc(x).view(-1, 2, 3) + 0.05 * x.mean()
        grid = F.affine_grid(theta, list(x.shape), align_corners=False)
        with torch.backends.cudnn.flags(enabled=False):
            return F.grid_sample(x, grid, align_corners=False)


Model = SpatialTransformer


def inputs():
    torch.manual_seed(4624)
    return [(torch.randn(1, 3, 6, 6),), (torch.randn(2, 3, 5, 7),)]
