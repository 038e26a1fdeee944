# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def uniform_frame_indices(num_total: int, num_frames: int) -> torch.Tensor:
    return torch.linspace(0, num_total - 1, num_frames).round().long()


class Model(nn.Module):
    """Video encoder that samples a fixed number of frames uniformly from the clip, encodes each
    frame and averages the frame features."""

    def __init__(self, num_frames: int = 4, c: int = 6):
        super().__init__()
        self.num_frames = num_frames
        self.frame_enc = nn.Sequential(
            nn.Conv2d(3, c, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1)
        )
        self.fc = nn.Linear(c, 3)

    def forward(self, video: torch.Tensor) -> torch.Tensor:
        idx = uniform_frame_indices(video.shape[1], self.num_frames)
        feats = [self.frame_enc(video[:, i]).flatten(1) for i in idx.tolist()]  # breaks: compile,trace,script
        return self.fc(torch.stack(feats, dim=1).mean(dim=1))


def inputs():
    torch.manual_seed(6704)
    return [(torch.randn(2, 10, 3, 8, 8),), (torch.randn(2, 7, 3, 8, 8),)]
