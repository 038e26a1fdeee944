# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class AutocastAwareNorm(nn.Module):
    """RMS norm that computes in float32 and returns the dtype CPU autocast would produce."""

    def __init__(self, dim: int = 8, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x: Tensor) -> Tensor:
        h = x.float()
        h = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight
        if torch.is_autocast_cpu_enabled():
            return h.to(torch.get_autocast_dtype("cpu"))
        return h.to(x.dtype)


Model = AutocastAwareNorm


def inputs():
    torch.manual_seed(3820)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 3, 8),)]
