# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class StridedFrameEncoder(nn.Module):
    """Frames a waveform into overlapping windows with as_strided over the tensor's strides."""

    def __init__(self, win=8, hop=4, dim=5):
        super().__init__()
        self.win, self.hop = win, hop
        self.proj = nn.Linear(win, dim)

    def forward(self, wav):  # (B, T), contiguous
        b, t = wav.shape
        n = (t - self.win) // self.hop + 1
        sb, st = wav.stride()
        frames = wav.as_strided((b, n, self.win), (sb, st * self.hop, st))
        return self.proj(frames)


Model = StridedFrameEncoder


def inputs():
    torch.manual_seed(4025)
    return [(torch.randn(2, 32),), (torch.randn(2, 32),), (torch.randn(3, 40),)]
