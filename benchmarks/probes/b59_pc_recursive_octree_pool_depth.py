# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Voxel-grid encoder with a recursive octree-style pooling helper: each level halves the
    grid and the pooled features of every level are concatenated."""

    def __init__(self, c: int = 4, depth: int = 2):
        super().__init__()
        self.depth = depth
        self.stem = nn.Conv3d(1, c, 3, padding=1)
        self.head = nn.Linear(c * (depth + 1), 3)

    def pyramid(self, v: torch.Tensor, level: int) -> torch.Tensor:
        pooled = v.mean(dim=(2, 3, 4))
        if level == 0:
            return pooled
        coarser = F.max_pool3d(v, 2)
        return torch.cat([pooled, self.pyramid(coarser, level - 1)], dim=1)

    def forward(self, vox: torch.Tensor) -> torch.Tensor:
        v = self.stem(vox).relu()
        return self.head(self.pyramid(v, self.depth))


def inputs():
    torch.manual_seed(5905)
    return [(torch.rand(2, 1, 8, 8, 8),), (torch.rand(1, 1, 12, 8, 16),)]
