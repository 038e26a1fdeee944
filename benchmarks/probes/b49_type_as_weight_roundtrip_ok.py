# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class FP32Norm(nn.Module):
    """Computes the norm in the parameter dtype and hands back the input dtype."""

    def __init__(self, dim=8, eps=1e-5):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.bias = nn.Parameter(torch.zeros(dim))
        self.eps = eps

    def forward(self, x):
        h = x.type_as(self.weight)
        h = F.layer_norm(h, self.weight.shape, self.weight, self.bias, self.eps)
        return h.to(x)


Model = FP32Norm


def inputs():
    torch.manual_seed(4911)
    return [(torch.randn(2, 8, dtype=torch.float64),), (torch.randn(3, 4, 8, dtype=torch.float64),)]
