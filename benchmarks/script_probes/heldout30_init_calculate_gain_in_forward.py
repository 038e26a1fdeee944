# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class EqualizedLinear(nn.Module):
    """StyleGAN equalized-LR linear: the He constant is recomputed in forward from nn.init."""

    def __init__(self, cin: int = 6, cout: int = 4, slope: float = 0.2):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(cout, cin))
        self.bias = nn.Parameter(torch.zeros(cout))
        self.slope = slope

    def forward(self, x: Tensor) -> Tensor:
        gain = nn.init.calculate_gain("leaky_relu", self.slope)
        scale = gain / math.sqrt(self.weight.shape[1])
        return F.leaky_relu(F.linear(x, self.weight * scale, self.bias), self.slope)


Model = EqualizedLinear


def inputs():
    torch.manual_seed(3030)
    return [(torch.randn(3, 6),), (torch.randn(2, 5, 6),)]
