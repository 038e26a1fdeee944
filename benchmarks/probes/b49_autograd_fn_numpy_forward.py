# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn
from torch.autograd import Function


class _SoftShrinkNP(Function):
    """Custom op implemented with numpy, gradient written by hand."""

    @staticmethod
    def forward(ctx, x, lam):
        arr = x.detach().cpu().numpy()
        out = np.sign(arr) * np.maximum(np.abs(arr) - lam, 0.0)
        ctx.save_for_backward(x)
        ctx.lam = lam
        return torch.from_numpy(out).to(x.device)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * (x.abs() > ctx.lam).to(grad.dtype), None


class SparseCoder(nn.Module):
    def __init__(self, dim=8, lam=0.3):
        super().__init__()
        self.enc = nn.Linear(dim, dim)
        self.lam = lam

    def forward(self, x):
        return _SoftShrinkNP.apply(self.enc(x), self.lam)


Model = SparseCoder


def inputs():
    torch.manual_seed(4917)
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
