# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class _InplaceHardTanh(torch.autograd.Function):
    """Memory-saving activation: clamps its input in place and marks it dirty."""

    @staticmethod
    def forward(ctx, x, lo, hi):
        x.clamp_(lo, hi)
        ctx.mark_dirty(x)
        ctx.save_for_backward(x)
        ctx.lo, ctx.hi = lo, hi
        return x

    @staticmethod
    def backward(ctx, grad):
        (y,) = ctx.saved_tensors
        keep = (y > ctx.lo) & (y < ctx.hi)
        return grad * keep.to(grad.dtype), None, None


class Block(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.fc(x)
        h = _InplaceHardTanh.apply(h, -0.5, 0.5)
        return x + h


Model = Block


def inputs():
    torch.manual_seed(4918)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
