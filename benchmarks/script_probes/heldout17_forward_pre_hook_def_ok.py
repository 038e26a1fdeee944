# ruff: noqa  (a probe is written as users write models)
from typing import Tuple

import torch
import torch.nn as nn
from torch import Tensor


def _center_input(module: nn.Module, inp: Tuple[Tensor]) -> Tuple[Tensor]:
    x = inp[0]
    return (x - x.mean(dim=-1, keepdim=True),)


class CenteredLinear(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 3)
        self.register_forward_pre_hook(_center_input)

    def forward(self, x):
        return self.fc(x)


Model = CenteredLinear


def inputs():
    torch.manual_seed(23)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
