# ruff: noqa  (a probe is written as users write models)
import typing as T

import torch
import torch.nn as nn
import torch.nn.functional as F


class CropAndPool(nn.Module):
    def __init__(self, ch=3):
        super().__init__()
        self.conv = nn.Conv2d(ch, ch, 1)

    def forward(self, x: torch.Tensor, crop: T.Optional[T.List[int]] = None) -> T.Tuple[torch.Tensor, int]:
        if crop is not None:
            top, left, h, w = crop
            x = x[..., top : top + h, left : left + w]
        y = F.adaptive_avg_pool2d(self.conv(x), 1).flatten(1)
        return y, x.shape[-1]


Model = CropAndPool


def inputs():
    torch.manual_seed(202)
    return [(torch.randn(2, 3, 6, 6), [1, 1, 3, 4]), (torch.randn(1, 3, 5, 7),)]
