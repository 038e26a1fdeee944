# ruff: noqa  (a probe is written as users write models)
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F


class UpsampleFuse(nn.Module):
    def __init__(self, ch=4):
        super().__init__()
        self.lateral = nn.Conv2d(ch, ch, 1)

    def forward(self, top, skip):
        with warnings.catch_warnings():
            # align_corners chatter from older torch versions
            warnings.simplefilter("ignore")
            up = F.interpolate(top, size=skip.shape[-2:], mode="bilinear", align_corners=False)
        return self.lateral(skip) + up


Model = UpsampleFuse


def inputs():
    torch.manual_seed(4902)
    return [
        (torch.randn(1, 4, 4, 4), torch.randn(1, 4, 8, 8)),
        (torch.randn(2, 4, 3, 5), torch.randn(2, 4, 6, 10)),
    ]
