# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SoftRoundSTE(torch.autograd.Function):
    """Rounds in forward, passes gradients through inside [lo, hi] (new-style setup_context)."""

    @staticmethod
    def forward(x, lo, hi):
        return torch.clamp(x, lo, hi).round()

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, lo, hi = inputs
        ctx.save_for_backward((x >= lo) & (x <= hi))

    @staticmethod
    def backward(ctx, grad):
        (inside,) = ctx.saved_tensors
        return grad * inside, None, None


class QuantizedBottleneck(nn.Module):
    def __init__(self, d=6, levels=7):
        super().__init__()
        self.enc = nn.Linear(d, d)
        self.dec = nn.Linear(d, d)
        self.half = (levels - 1) / 2

    def forward(self, x):
        z = self.enc(x) * self.half
        zq = SoftRoundSTE.apply(z, -self.half, self.half)
        return self.dec(zq / self.half)


Model = QuantizedBottleneck


def inputs():
    torch.manual_seed(4226)
    return [(torch.randn(3, 6),), (torch.randn(3, 6),), (torch.randn(5, 6) * 2,)]
