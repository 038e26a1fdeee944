# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def pad_to_multiple(x: torch.Tensor, multiples: list) -> torch.Tensor:
    h, w = x.shape[-2:]
    ph = (multiples[0] - h % multiples[0]) % multiples[0]
    pw = (multiples[1] - w % multiples[1]) % multiples[1]
    return F.pad(x, [0, pw, 0, ph])


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, stride=2, padding=1)

    def forward(self, x):
        return self.conv(pad_to_multiple(x, [4, 4]))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 7, 9),), (torch.randn(1, 3, 8, 8),)]
