# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Framer(nn.Module):
    """Cuts a waveform into overlapping frames, right-padding so the last hop is complete."""

    def __init__(self, win: int = 8, hop: int = 4):
        super().__init__()
        self.win, self.hop = win, hop

    def forward(self, wav: torch.Tensor) -> torch.Tensor:
        n_frames = math.ceil(max(wav.shape[-1] - self.win, 0) / self.hop) + 1  # breaks: trace
        needed = (n_frames - 1) * self.hop + self.win
        wav = F.pad(wav, (0, needed - wav.shape[-1]))
        return wav.unfold(-1, self.win, self.hop)


class Model(nn.Module):
    """Tiny learnable front-end: frame, window, project each frame to features."""

    def __init__(self, win: int = 8, n_feats: int = 5):
        super().__init__()
        self.framer = Framer(win=win)
        self.register_buffer("window", torch.hann_window(win))
        self.proj = nn.Linear(win, n_feats)

    def forward(self, wav: torch.Tensor) -> torch.Tensor:
        frames = self.framer(wav) * self.window
        return torch.log1p(self.proj(frames).abs())


def inputs():
    torch.manual_seed(6604)
    return [(torch.randn(2, 30),), (torch.randn(2, 45),)]
