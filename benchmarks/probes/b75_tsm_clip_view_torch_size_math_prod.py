# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class Model(nn.Module):
    """Video clip head: frames arrive flattened as (N*T, C, H, W) from the 2D backbone and are
    regrouped per clip with torch.Size arithmetic before temporal average pooling."""

    def __init__(self, n_frames: int = 3, c: int = 4, n_cls: int = 5):
        super().__init__()
        self.t = n_frames
        self.backbone = nn.Conv2d(3, c, 3, padding=1)
        self.fc = nn.Linear(c, n_cls)

    def forward(self, frames: torch.Tensor) -> torch.Tensor:
        feat = self.backbone(frames)
        clips = feat.view(torch.Size([feat.shape[0] // self.t, self.t]) + feat.shape[1:])
        flat = clips.reshape(clips.shape[0], self.t, feat.shape[1], math.prod(feat.shape[2:]))  # breaks: script
        return self.fc(flat.mean((1, 3)))


def inputs():
    torch.manual_seed(7526)
    return [(torch.randn(6, 3, 4, 4),), (torch.randn(3, 3, 5, 3),)]
