# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Voxel-grid downsampling: point features averaged per occupied voxel."""

    def __init__(self, voxel: float = 0.5, dim: int = 4):
        super().__init__()
        self.voxel = voxel
        self.point = nn.Linear(3, dim)

    def forward(self, xyz: torch.Tensor) -> torch.Tensor:
        vox = torch.floor(xyz / self.voxel).long() + 50
        keys = (vox[:, 0] * 100 + vox[:, 1]) * 100 + vox[:, 2]
        uniq, inv = torch.unique(keys, return_inverse=True)  # breaks: compile
        f = self.point(xyz)
        pooled = f.new_zeros(uniq.shape[0], f.shape[1]).index_add_(0, inv, f)
        return pooled / torch.bincount(inv).unsqueeze(1).to(f.dtype)  # breaks: compile


def inputs():
    torch.manual_seed(7327)
    return [(torch.rand(10, 3) * 0.4,), (torch.randn(10, 3) * 2,)]
