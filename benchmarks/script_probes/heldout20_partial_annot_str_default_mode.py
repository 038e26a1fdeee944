# ruff: noqa  (a probe is written as users write models)
from typing import List, Optional

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class SegDecoderHead(nn.Module):
    def __init__(self, in_ch: int = 4, n_cls: int = 3):
        super().__init__()
        self.cls = nn.Conv2d(in_ch, n_cls, 1)

    def forward(self, x: Tensor, size: Optional[List[int]] = None, mode="bilinear") -> Tensor:
        logits = self.cls(x)
        if size is not None:
            logits = F.interpolate(logits, size=size, mode=mode, align_corners=False)
        return logits


Model = SegDecoderHead


def inputs():
    torch.manual_seed(2044)
    return [(torch.randn(1, 4, 4, 4), [8, 8]), (torch.randn(2, 4, 3, 5), None)]
