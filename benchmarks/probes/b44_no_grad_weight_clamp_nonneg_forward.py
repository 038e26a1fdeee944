# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class MonotonicLinear(nn.Module):
    """Input-monotone layer: weights are projected onto the non-negative orthant before use."""

    def __init__(self, in_features, out_features):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_features, in_features) * 0.5)
        self.bias = nn.Parameter(torch.zeros(out_features))

    def forward(self, x):
        with torch.no_grad():
            self.weight.clamp_(min=0.0)
        return F.linear(x, self.weight, self.bias)


class MonotonicNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = MonotonicLinear(4, 8)
        self.l2 = MonotonicLinear(8, 1)

    def forward(self, x):
        return self.l2(torch.tanh(self.l1(x)))


Model = MonotonicNet


def inputs():
    torch.manual_seed(33)
    return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
