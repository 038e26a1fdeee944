# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn


def segment_bounds(num_frames: int, num_segments: int) -> List[int]:
    """Split points that cut a clip into `num_segments` nearly equal runs of frames."""
    return [(num_frames * k) // num_segments for k in range(1, num_segments)]


class FrameEncoder(nn.Module):
    def __init__(self, c: int = 16):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(3, c, 3, stride=2, padding=1), nn.BatchNorm2d(c), nn.ReLU(),
            nn.Conv2d(c, c, 3, stride=2, padding=1), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        )

    def forward(self, frames: torch.Tensor) -> torch.Tensor:
        b, t = frames.shape[:2]
        return self.net(frames.flatten(0, 1)).view(b, t, -1)


class SegmentConsensus(nn.Module):
    """How per-segment class scores are merged into one clip score."""

    def __init__(self, mode: str = "avg"):
        super().__init__()
        self.use_max = mode == "max"

    def forward(self, seg_logits: torch.Tensor) -> torch.Tensor:
        if self.use_max:
            return seg_logits.amax(dim=1)
        return seg_logits.mean(dim=1)


class Model(nn.Module):
    """Temporal Segment Network style action classifier: per-frame features, averaged inside
    each temporal segment, one classifier per segment, consensus by averaging."""

    def __init__(self, num_segments: int = 3, n_classes: int = 6):
        super().__init__()
        self.num_segments = num_segments
        self.encoder = FrameEncoder()
        self.cls = nn.Linear(16, n_classes)
        self.consensus = SegmentConsensus("avg")

    def forward(self, clip: torch.Tensor) -> torch.Tensor:
        feats = self.encoder(clip)
        bounds = segment_bounds(feats.shape[1], self.num_segments)
        segs = torch.tensor_split(feats, bounds, dim=1)
        seg_logits = torch.stack([self.cls(s.mean(dim=1)) for s in segs], dim=1)
        return self.consensus(seg_logits)


def inputs():
    torch.manual_seed(5819)
    return [(torch.randn(2, 9, 3, 16, 16),), (torch.randn(1, 7, 3, 16, 16),), (torch.randn(2, 13, 3, 16, 16),)]
