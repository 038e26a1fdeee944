# ruff: noqa  (a probe is written as users write models)
from typing import Tuple

import torch
import torch.nn as nn
from torch import Tensor


class MaskType:
    CHECKERBOARD = "checkerboard"
    CHANNEL_WISE = "channel_wise"


def checkerboard_mask(height: int, width: int, reverse: bool, like: Tensor) -> Tensor:
    ys = torch.arange(height, device=like.device).view(-1, 1)
    xs = torch.arange(width, device=like.device).view(1, -1)
    mask = ((ys + xs) % 2).to(like.dtype)
    if reverse:
        mask = 1 - mask
    return mask.view(1, 1, height, width)


class STNet(nn.Module):
    def __init__(self, in_ch: int, mid: int, out_ch: int):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(in_ch, mid, 3, padding=1), nn.ReLU(), nn.Conv2d(mid, mid, 1), nn.ReLU(), nn.Conv2d(mid, 2 * out_ch, 3, padding=1))
        self.rescale = nn.Parameter(torch.ones(1, out_ch, 1, 1))

    def forward(self, x: Tensor) -> Tuple[Tensor, Tensor]:
        st = self.net(x)
        s, t = st.chunk(2, dim=1)
        return self.rescale * torch.tanh(s), t


class CouplingLayer(nn.Module):
    def __init__(self, in_channels: int, mid: int, mask_type: str, reverse_mask: bool):
        super().__init__()
        self.checkerboard = mask_type == MaskType.CHECKERBOARD
        self.reverse_mask = reverse_mask
        if mask_type == MaskType.CHANNEL_WISE:
            in_channels //= 2
        self.st_net = STNet(in_channels, mid, in_channels)

    def forward(self, x: Tensor, sldj: Tensor) -> Tuple[Tensor, Tensor]:
        if self.checkerboard:
            b = checkerboard_mask(x.size(2), x.size(3), self.reverse_mask, x)
            x_b = x * b
            s, t = self.st_net(x_b)
            s, t = s * (1 - b), t * (1 - b)
            x = x_b + (1 - b) * (x * s.exp() + t)
            sldj = sldj + s.reshape(s.size(0), -1).sum(-1)
        else:
            x_a, x_b = x.chunk(2, dim=1)
            x_change, x_id = (x_a, x_b) if self.reverse_mask else (x_b, x_a)
            s, t = self.st_net(x_id)
            x_change = x_change * s.exp() + t
            sldj = sldj + s.reshape(s.size(0), -1).sum(-1)
            x = torch.cat((x_change, x_id), dim=1) if self.reverse_mask else torch.cat((x_id, x_change), dim=1)
        return x, sldj


class RealNVPScale(nn.Module):
    def __init__(self, in_channels: int = 4, mid: int = 16):
        super().__init__()
        self.layers = nn.ModuleList([
            CouplingLayer(in_channels, mid, MaskType.CHECKERBOARD, False),
            CouplingLayer(in_channels, mid, MaskType.CHECKERBOARD, True),
            CouplingLayer(in_channels, mid, MaskType.CHANNEL_WISE, False),
        ])

    def forward(self, x: Tensor) -> Tuple[Tensor, Tensor]:
        sldj = torch.zeros(x.size(0), device=x.device)
        for layer in self.layers:
            x, sldj = layer(x, sldj)
        return x, sldj


Model = RealNVPScale


def inputs():
    torch.manual_seed(5026)
    return [
        (torch.randn(2, 4, 6, 6),),
        (torch.randn(1, 4, 5, 7),),
    ]
