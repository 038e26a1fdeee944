# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TemporalShift(nn.Module):
    """TSM: a fold of channels moves one frame back, another one frame forward, zero-filled."""

    def __init__(self, n_frames: int, div: int = 4):
        super().__init__()
        self.t, self.div = n_frames, div

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.unflatten(0, (-1, self.t))
        fold = x.shape[2] // self.div
        out = torch.zeros_like(x)
        out[:, :-1, :fold] = x[:, 1:, :fold]
        out[:, 1:, fold : 2 * fold] = x[:, :-1, fold : 2 * fold]
        out[:, :, 2 * fold :] = x[:, :, 2 * fold :]
        return out.flatten(0, 1)


class Model(nn.Module):
    def __init__(self, n_frames: int = 3):
        super().__init__()
        self.shift = TemporalShift(n_frames)
        self.conv = nn.Conv2d(8, 8, 3, padding=1)
        self.t = n_frames

    def forward(self, frames: torch.Tensor) -> torch.Tensor:
        y = self.conv(self.shift(frames)) + frames
        return y.mean((2, 3)).unflatten(0, (-1, self.t)).mean(1)


def inputs():
    torch.manual_seed(7525)
    return [(torch.randn(6, 8, 4, 4),), (torch.randn(3, 8, 5, 3),)]
