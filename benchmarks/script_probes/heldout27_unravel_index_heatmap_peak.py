# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class KeypointDecoder(nn.Module):
    """Pose estimation: (row, col) of the heatmap peak of each keypoint channel."""

    def __init__(self, channels: int = 4, joints: int = 3):
        super().__init__()
        self.head = nn.Conv2d(channels, joints, 1)

    def forward(self, feats):
        heat = self.head(feats)
        b, k, h, w = heat.shape
        flat_idx = heat.flatten(2).argmax(-1)
        rows, cols = torch.unravel_index(flat_idx, (h, w))
        return torch.stack([cols, rows], dim=-1).float()


Model = KeypointDecoder


def inputs():
    torch.manual_seed(2709)
    return [(torch.randn(1, 4, 8, 8),), (torch.randn(2, 4, 6, 10),)]
