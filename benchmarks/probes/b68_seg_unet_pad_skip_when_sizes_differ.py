# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def pad_to(x: torch.Tensor, ref: torch.Tensor) -> torch.Tensor:
    """Original U-Net trick: pad the upsampled map when pooling dropped a row or column."""
    dh = ref.size(2) - x.size(2)
    dw = ref.size(3) - x.size(3)
    if dh != 0 or dw != 0:  # breaks: trace
        x = F.pad(x, [dw // 2, dw - dw // 2, dh // 2, dh - dh // 2])
    return x


class Up(nn.Module):
    def __init__(self, cin: int, cout: int):
        super().__init__()
        self.up = nn.ConvTranspose2d(cin, cin // 2, 2, stride=2)
        self.conv = nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU())

    def forward(self, x: torch.Tensor, skip: torch.Tensor) -> torch.Tensor:
        x = pad_to(self.up(x), skip)
        return self.conv(torch.cat([skip, x], dim=1))


class Model(nn.Module):
    """Two-level U-Net with transposed-convolution upsampling."""

    def __init__(self, n_classes: int = 2):
        super().__init__()
        self.inc = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU())
        self.down = nn.Sequential(nn.MaxPool2d(2), nn.Conv2d(8, 16, 3, padding=1), nn.ReLU())
        self.up = Up(16, 8)
        self.outc = nn.Conv2d(8, n_classes, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x1 = self.inc(x)
        x2 = self.down(x1)
        return self.outc(self.up(x2, x1))


def inputs():
    torch.manual_seed(6802)
    return [(torch.randn(2, 1, 32, 24),), (torch.randn(2, 1, 33, 25),)]
