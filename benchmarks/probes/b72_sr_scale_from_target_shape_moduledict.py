# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Upsampler(nn.Sequential):
    def __init__(self, scale: int, ch: int):
        super().__init__(nn.Conv2d(ch, 3 * scale * scale, 3, padding=1), nn.PixelShuffle(scale))


class Model(nn.Module):
    """Multi-scale super-resolution: the upsampling tail is picked from the requested output size."""

    def __init__(self, ch: int = 8):
        super().__init__()
        self.body = nn.Conv2d(3, ch, 3, padding=1)
        self.tails = nn.ModuleDict({str(s): Upsampler(s, ch) for s in (2, 3, 4)})

    def forward(self, lr: torch.Tensor, hr_like: torch.Tensor) -> torch.Tensor:
        scale = hr_like.shape[-1] // lr.shape[-1]
        return self.tails[str(scale)](torch.relu(self.body(lr)))  # breaks: compile,trace,script


def inputs():
    torch.manual_seed(7212)
    return [(torch.rand(1, 3, 6, 6), torch.zeros(1, 1, 12, 12)), (torch.rand(1, 3, 6, 6), torch.zeros(1, 1, 18, 18))]
