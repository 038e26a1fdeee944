# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def icnr_(weight: torch.Tensor, scale: int) -> None:
    """ICNR init: every sub-pixel of a shuffle group starts from the same kernel (no checkerboard)."""
    out_ch, in_ch, kh, kw = weight.shape
    sub = torch.empty(out_ch // (scale * scale), in_ch, kh, kw)
    nn.init.kaiming_normal_(sub)
    with torch.no_grad():
        weight.copy_(sub.repeat_interleave(scale * scale, 0))


class Model(nn.Module):
    def __init__(self, scale: int = 2, ch: int = 8):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, ch, 3, padding=1), nn.PReLU(ch))
        self.up = nn.Conv2d(ch, 3 * scale ** 2, 3, padding=1)
        icnr_(self.up.weight, scale)
        self.shuffle = nn.PixelShuffle(scale)
        self.scale = scale

    def forward(self, lr: torch.Tensor) -> torch.Tensor:
        base = nn.functional.interpolate(lr, scale_factor=float(self.scale), mode="nearest")
        return base + self.shuffle(self.up(self.body(lr)))


def inputs():
    torch.manual_seed(7213)
    return [(torch.rand(1, 3, 6, 6),), (torch.rand(2, 3, 5, 7),)]
