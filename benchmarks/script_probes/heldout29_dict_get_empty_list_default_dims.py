# ruff: noqa  (a probe is written as users write models)
from typing import Dict, List

import torch
import torch.nn as nn
from torch import Tensor


class ModalityPool(nn.Module):
    """Multimodal encoder: each modality lists the dims it pools over; unknown ones pool none."""

    def __init__(self, dim: int = 6):
        super().__init__()
        self.pool_dims: Dict[str, List[int]] = {"image": [2, 3], "audio": [2]}
        self.mode = "image"
        self.proj = nn.Linear(dim, 4)

    def forward(self, x: Tensor) -> Tensor:
        dims = self.pool_dims.get(self.mode, [])
        if len(dims) > 0:
            x = x.mean(dims)
        return self.proj(x)


Model = ModalityPool


def inputs():
    torch.manual_seed(2906)
    return [(torch.randn(2, 6, 4, 4),), (torch.randn(1, 6, 3, 5),)]
