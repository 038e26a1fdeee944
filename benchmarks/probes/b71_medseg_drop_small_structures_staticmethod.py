# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Organ segmentation head with post-processing: a predicted organ smaller than
    min_voxels is treated as a false positive and removed from that case."""

    def __init__(self, classes: int = 3, min_voxels: int = 20):
        super().__init__()
        self.conv = nn.Conv3d(classes, classes, 3, padding=1)
        self.min_voxels = min_voxels

    @staticmethod
    def remove_small(labels: torch.Tensor, organ: int, min_voxels: int) -> torch.Tensor:
        for i in range(labels.size(0)):
            if (labels[i] == organ).sum() < min_voxels:  # breaks: compile,export,trace
                labels[i] = torch.where(labels[i] == organ, torch.zeros_like(labels[i]), labels[i])
        return labels

    def forward(self, vol: torch.Tensor) -> torch.Tensor:
        labels = (self.conv(vol) + vol).argmax(1)
        for organ in (1, 2):
            labels = self.remove_small(labels, organ, self.min_voxels)
        return labels


def inputs():
    torch.manual_seed(7119)
    a = torch.randn(2, 3, 6, 6, 6) * 10.0
    b = torch.randn(2, 3, 6, 6, 6) * 0.1
    b[:, 0] += 10.0
    b[0, 1, :2, :2, :1] += 30.0
    b[1, 2, :3, :3, :3] += 30.0
    return [(a,), (b,)]
