# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ColorNormalize(nn.Module):
    def __init__(self, order="bgr"):
        super().__init__()
        self.order = order
        self.stem = nn.Conv2d(3, 4, 1)

    def forward(self, img):
        chans = []
        for ch in self.order:
            idx = "rgb".find(ch)
            chans.append(img[:, idx : idx + 1])
        return self.stem(torch.cat(chans, dim=1))


Model = ColorNormalize


def inputs():
    torch.manual_seed(20)
    return [(torch.randn(1, 3, 4, 4),), (torch.randn(2, 3, 5, 3),)]
