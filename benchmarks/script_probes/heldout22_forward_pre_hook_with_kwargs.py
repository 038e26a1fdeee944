# ruff: noqa  (a probe is written as users write models)
from typing import Any, Dict, Tuple

import torch
import torch.nn as nn
from torch import Tensor


def _default_scale_hook(module: nn.Module, args: Tuple[Tensor], kwargs: Dict[str, Any]):
    kwargs.setdefault("scale", 0.5)
    return args, kwargs


class ScaledBlock(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.register_forward_pre_hook(_default_scale_hook, with_kwargs=True)

    def forward(self, x: Tensor, scale: float = 1.0) -> Tensor:
        return x + scale * self.fc(x)


Model = ScaledBlock


def inputs():
    torch.manual_seed(2244)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
