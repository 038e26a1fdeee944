# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class FP32Norm(nn.Module):
    """RMS norm computed in float32 even inside an autocast region."""

    def __init__(self, dim: int = 8, eps: float = 1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps

    @torch.autocast(device_type="cpu", enabled=False)
    def forward(self, x):
        x = x.float()
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


Model = FP32Norm


def inputs():
    torch.manual_seed(2221)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
