# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TemporalShift(nn.Module):
    """TSM: part of the channels is shifted one frame back, part one frame forward."""

    def __init__(self, net: nn.Module, n_segment: int = 4, fold_div: int = 4):
        super().__init__()
        self.net = net
        self.n_segment = n_segment
        self.fold_div = fold_div

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n, t, c, h, w = x.shape
        fold = c // self.fold_div
        out = torch.zeros_like(x)
        out[:, :-1, :fold] = x[:, 1:, :fold]
        out[:, 1:, fold : 2 * fold] = x[:, :-1, fold : 2 * fold]
        out[:, :, 2 * fold :] = x[:, :, 2 * fold :]
        return out


class Model(nn.Module):
    """Video classifier over a clip of frames (batch, time, channels, height, width)."""

    def __init__(self, c: int = 8, classes: int = 5):
        super().__init__()
        self.stem = nn.Conv2d(3, c, 3, padding=1)
        self.shift = TemporalShift(nn.Identity(), n_segment=4)
        self.conv = nn.Conv2d(c, c, 3, padding=1)
        self.fc = nn.Linear(c, classes)

    def forward(self, clip: torch.Tensor) -> torch.Tensor:
        b, t, _, h, w = clip.shape
        feat = self.stem(clip.flatten(0, 1)).relu()
        feat = feat.view(b, t, feat.shape[1], h, w)
        feat = self.shift(feat)
        feat = self.conv(feat.flatten(0, 1)).relu()
        feat = feat.view(b, t, -1, h, w).mean(dim=(1, 3, 4))
        return self.fc(feat)


def inputs():
    torch.manual_seed(6703)
    return [(torch.randn(1, 4, 3, 8, 8),), (torch.randn(2, 4, 3, 6, 10),)]
