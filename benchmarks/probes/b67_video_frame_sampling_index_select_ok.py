# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Video encoder that keeps every `stride`-th frame (index_select with an arange built on
    the clip's device) and pools the per-frame features over time."""

    def __init__(self, stride: int = 2, c: int = 6):
        super().__init__()
        self.stride = stride
        self.frame_enc = nn.Sequential(
            nn.Conv2d(3, c, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1)
        )
        self.fc = nn.Linear(c, 3)

    def forward(self, video: torch.Tensor) -> torch.Tensor:
        b, t = video.shape[0], video.shape[1]
        keep = torch.arange(0, t, self.stride, device=video.device)
        frames = video.index_select(1, keep)
        feats = self.frame_enc(frames.flatten(0, 1)).flatten(1)
        feats = feats.view(b, -1, feats.shape[-1]).mean(dim=1)
        return self.fc(feats)


def inputs():
    torch.manual_seed(6705)
    return [(torch.randn(2, 8, 3, 8, 8),), (torch.randn(1, 8, 3, 6, 6),)]
