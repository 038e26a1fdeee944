import random

import torch
import torch.nn as nn


class FrameSampler:
    def __init__(self, num_frames: int, jitter: int = 2):
        self.num_frames = num_frames
        self.jitter = jitter

    def __call__(self, total: int):
        stride = total // self.num_frames
        idx = []
        for i in range(self.num_frames):
            j = i * stride + random.randint(0, min(self.jitter, stride - 1))  # breaks: compile,export,trace
            idx.append(min(j, total - 1))
        return idx


class Model(nn.Module):
    def __init__(self, num_frames=3, dim=12):
        super().__init__()
        self.sampler = FrameSampler(num_frames)
        self.frame_enc = nn.Sequential(nn.Conv2d(3, dim, 3, stride=2), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.temporal = nn.Conv1d(dim, dim, 3, padding=1)
        self.cls = nn.Linear(dim, 4)

    def forward(self, video):
        idx = self.sampler(video.shape[1])
        frames = video[:, idx]
        b, t = frames.shape[:2]
        feats = self.frame_enc(frames.flatten(0, 1)).view(b, t, -1)
        return self.cls(self.temporal(feats.transpose(1, 2)).mean(-1))


def inputs():
    torch.manual_seed(0)
    random.seed(0)
    return [(torch.randn(2, 9, 3, 8, 8),), (torch.randn(2, 9, 3, 8, 8),)]
