# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Lesion segmentation with post-processing: per-case masks smaller than `min_voxels` are
    treated as noise and removed."""

    def __init__(self, min_voxels: int = 20):
        super().__init__()
        self.min_voxels = min_voxels
        self.seg = nn.Conv3d(1, 1, 3, padding=1)

    def forward(self, vol: torch.Tensor) -> torch.Tensor:
        mask = (torch.sigmoid(self.seg(vol)) > 0.5).float()
        sizes = mask.sum(dim=(1, 2, 3, 4))
        for i in range(mask.shape[0]):
            if sizes[i] < self.min_voxels:  # breaks: compile,export,trace
                mask[i] = 0.0
        return mask


def inputs():
    torch.manual_seed(7414)
    shift = torch.tensor([-4.0, 0.0]).view(2, 1, 1, 1, 1)
    return [(torch.randn(2, 1, 3, 4, 4) - 4.0,), (torch.randn(2, 1, 3, 4, 4) + shift,)]
