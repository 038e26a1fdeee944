# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class PrecisionAwareRMSNorm(nn.Module):
    """RMSNorm whose epsilon depends on the input dtype."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps_by_dtype = {torch.float16: 1e-3, torch.bfloat16: 1e-2, torch.float32: 1e-6}

    def forward(self, x: Tensor) -> Tensor:
        eps = self.eps_by_dtype[x.dtype]
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * self.weight


Model = PrecisionAwareRMSNorm


def inputs():
    torch.manual_seed(3906)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
