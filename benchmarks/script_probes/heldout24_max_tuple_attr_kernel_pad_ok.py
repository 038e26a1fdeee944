# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class MixedKernelPool(nn.Module):
    def __init__(self, kernel_sizes=(3, 5, 7)):
        super().__init__()
        self.kernel_sizes = kernel_sizes
        self.proj = nn.Conv2d(2, 2, 1)

    def forward(self, x: Tensor) -> Tensor:
        h, w = x.shape[-2:]
        pad = max(self.kernel_sizes) // 2
        x = F.pad(self.proj(x), [pad, pad, pad, pad], mode="replicate")
        outs: List[Tensor] = []
        for k in self.kernel_sizes:
            y = F.avg_pool2d(x, k, stride=1)
            oh = (y.shape[-2] - h) // 2
            ow = (y.shape[-1] - w) // 2
            outs.append(y[..., oh : oh + h, ow : ow + w])
        return torch.cat(outs, dim=1)


Model = MixedKernelPool


def inputs():
    torch.manual_seed(2453)
    return [(torch.randn(1, 2, 6, 6),), (torch.randn(2, 2, 5, 7),)]
