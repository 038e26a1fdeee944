# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Frame-wise vocoder head: predicts windowed frames, then overlap-adds them with F.fold;
    the output length is worked out from the number of frames."""

    def __init__(self, dim: int = 24, win: int = 32, hop: int = 8):
        super().__init__()
        self.win, self.hop = win, hop
        self.proj = nn.Linear(dim, win)
        self.register_buffer("window", torch.hann_window(win))

    def forward(self, feats: torch.Tensor) -> torch.Tensor:
        frames = self.proj(feats) * self.window  # (B, T, win)
        n_frames = frames.shape[1]
        length = (n_frames - 1) * self.hop + self.win
        wav = F.fold(frames.transpose(1, 2), output_size=(1, length), kernel_size=(1, self.win), stride=(1, self.hop))
        return wav.view(feats.shape[0], length)


def inputs():
    torch.manual_seed(6109)
    return [(torch.randn(2, 10, 24),), (torch.randn(3, 17, 24),)]
