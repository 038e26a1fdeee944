# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class MaskedLinear(nn.Module):
    """Sparse/pruned linear layer; the bias is registered as None when disabled."""

    def __init__(self, fan_in: int = 6, fan_out: int = 4, bias: bool = False):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(fan_out, fan_in) * 0.1)
        self.register_buffer("mask", (torch.arange(fan_in) % 2 == 0).float().expand(fan_out, fan_in).clone())
        if bias:
            self.bias = nn.Parameter(torch.zeros(fan_out))
        else:
            self.register_parameter("bias", None)

    def forward(self, x):
        y = F.linear(x, self.weight * self.mask)
        if self.bias is not None:
            y = y + self.bias
        return y


Model = MaskedLinear


def inputs():
    torch.manual_seed(2722)
    return [(torch.randn(3, 6),), (torch.randn(2, 5, 6),)]
