import sys

import torch
from torch import nn


def _rms_reference(x, weight, eps):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * weight


def _rms_fused(x, weight, eps):
    return torch.nn.functional.rms_norm(x, x.shape[-1:], weight, eps)


class RMSNorm(nn.Module):
    def __init__(self, dim: int = 8, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        use_fused = torch.cuda.is_available() and x.is_cuda and sys.platform != "win32"
        impl = _rms_fused if use_fused else _rms_reference
        return impl(x, self.weight, self.eps)


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.norm = RMSNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return self.fc(self.norm(x))


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8) * 10,)]
