# ruff: noqa  (a probe is written as users write models)
from typing import Tuple

import torch
import torch.nn as nn
from torch import Tensor


def _fp32_output_hook(module: nn.Module, inputs: Tuple[Tensor], output: Tensor) -> Tensor:
    return output.float().clamp(-30.0, 30.0)


class LogitHead(nn.Module):
    def __init__(self, dim: int = 8, classes: int = 5):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, classes)
        self.register_forward_hook(_fp32_output_hook)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc(self.norm(x)) * 10.0


Model = LogitHead


def inputs():
    torch.manual_seed(2206)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8) * 5,)]
