# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ClippedSTE(torch.autograd.Function):
    """Sign binarisation with a clipped straight-through gradient; skips work for inputs that
    do not need a gradient."""

    @staticmethod
    def forward(ctx, x, scale):
        ctx.save_for_backward(x, scale)
        return torch.sign(x) * scale

    @staticmethod
    def backward(ctx, g):
        x, scale = ctx.saved_tensors
        gx = gs = None
        if ctx.needs_input_grad[0]:
            gx = g * scale * (x.abs() <= 1).to(g.dtype)
        if ctx.needs_input_grad[1]:
            gs = (g * torch.sign(x)).sum().reshape(scale.shape)
        return gx, gs


class Model(nn.Module):
    """Binary-weight style activation quantiser in a small MLP (XNOR-net flavour)."""

    def __init__(self, dim: int = 16):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(dim, 32), nn.Linear(32, 4)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(ClippedSTE.apply(self.fc1(x), self.scale))


def inputs():
    torch.manual_seed(6116)
    return [(torch.randn(4, 16),), (torch.randn(9, 16),)]
