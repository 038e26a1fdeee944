# ruff: noqa  (a probe is written as users write models)
from typing import List, Optional

import torch
import torch.nn as nn
from torch import Tensor


class FeatureFuser(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, a: Tensor, b: Optional[Tensor] = None, c: Optional[Tensor] = None) -> Tensor:
        feats: List[Optional[Tensor]] = [a, b, c]
        present = [f for f in feats if f is not None]
        return self.proj(torch.cat(present, dim=0))


Model = FeatureFuser


def inputs():
    torch.manual_seed(11)
    return [(torch.randn(2, 4), torch.randn(1, 4)), (torch.randn(3, 4), None, torch.randn(2, 4))]
