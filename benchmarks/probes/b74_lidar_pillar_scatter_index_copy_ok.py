# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """PointPillars scatter: pillar features are written into a BEV canvas at their flat grid
    index; the canvas shape is the batch/channel prefix plus the fixed grid."""

    def __init__(self, grid=(4, 5), c: int = 6):
        super().__init__()
        self.grid = grid
        self.c = c
        self.pfn = nn.Linear(3, c)
        self.bev = nn.Conv2d(c, 2, 3, padding=1)

    def forward(self, pillars: torch.Tensor, flat_idx: torch.Tensor) -> torch.Tensor:
        feat = self.pfn(pillars).transpose(0, 1)
        canvas = feat.new_zeros(self.c, self.grid[0] * self.grid[1])
        canvas = canvas.index_copy(1, flat_idx, feat)
        return self.bev(canvas.view(1, self.c, self.grid[0], self.grid[1]))


def inputs():
    torch.manual_seed(7428)
    return [
        (torch.randn(5, 3), torch.tensor([0, 3, 7, 12, 19])),
        (torch.randn(3, 3), torch.tensor([2, 8, 15])),
    ]
