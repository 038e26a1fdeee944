# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor
from torch.overrides import handle_torch_function, has_torch_function_unary


def rms_norm(x: Tensor, weight: Tensor, eps: float = 1e-6) -> Tensor:
    """Functional RMSNorm written the way torch.nn.functional writes its ops."""
    if has_torch_function_unary(x):
        return handle_torch_function(rms_norm, (x,), x, weight, eps=eps)
    var = x.pow(2).mean(-1, keepdim=True)
    return x * torch.rsqrt(var + eps) * weight


class RMSNorm(nn.Module):
    def __init__(self, d: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x: Tensor) -> Tensor:
        return rms_norm(x, self.weight, self.eps)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = RMSNorm(8)
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        return self.fc(self.norm(x)) + x


def inputs():
    torch.manual_seed(5111)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 8),)]
