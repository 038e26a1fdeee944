# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class ClipConfig:
    clip_len = 4
    min_clips = 1


def split_into_clips(frames: Tensor, clip_len: int, min_clips: int) -> Tensor:
    """(B, T, D) frame features -> (B, N, clip_len, D), dropping the ragged tail."""
    b, t, d = frames.shape
    num_clips = max(min_clips, t // clip_len)
    usable = frames[:, : num_clips * clip_len]
    return usable.reshape(b, num_clips, clip_len, d)


class FrameEncoder(nn.Module):
    def __init__(self, in_ch: int = 3, d: int = 16):
        super().__init__()
        self.conv = nn.Conv2d(in_ch, d, 3, stride=2, padding=1)

    def forward(self, video: Tensor) -> Tensor:
        b, t, c, h, w = video.shape
        x = F.relu(self.conv(video.reshape(b * t, c, h, w)))
        return x.mean(dim=(2, 3)).reshape(b, t, -1)


class ClipAggregator(nn.Module):
    def __init__(self, d: int = 16, cfg: ClipConfig = ClipConfig()):
        super().__init__()
        self.clip_len = cfg.clip_len
        self.min_clips = cfg.min_clips
        self.temporal = nn.Conv1d(d, d, 3, padding=1)
        self.score = nn.Linear(d, 1)

    def forward(self, frames: Tensor) -> Tensor:
        clips = split_into_clips(frames, self.clip_len, self.min_clips)
        b, n, l, d = clips.shape
        h = self.temporal(clips.reshape(b * n, l, d).transpose(1, 2)).amax(dim=-1)
        h = h.reshape(b, n, d)
        w = torch.softmax(self.score(h), dim=1)
        return (w * h).sum(dim=1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = FrameEncoder()
        self.agg = ClipAggregator()
        self.cls = nn.Linear(16, 5)

    def forward(self, video):
        return self.cls(self.agg(self.enc(video)))


def inputs():
    torch.manual_seed(5314)
    return [(torch.randn(2, 8, 3, 16, 16),), (torch.randn(1, 14, 3, 16, 16),)]
