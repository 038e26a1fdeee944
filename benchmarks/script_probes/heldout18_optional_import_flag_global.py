# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F

try:
    from apex.normalization import FusedRMSNorm  # noqa: F401

    HAS_APEX = True
except ImportError:
    HAS_APEX = False


class RMSNorm(nn.Module):
    def __init__(self, dim=6, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        if HAS_APEX:
            return F.layer_norm(x, x.shape[-1:], self.weight, None, self.eps)
        rms = x.pow(2).mean(-1, keepdim=True).add(self.eps).rsqrt()
        return x * rms * self.weight


Model = RMSNorm


def inputs():
    torch.manual_seed(214)
    return [(torch.randn(2, 6),), (torch.randn(3, 4, 6),)]
