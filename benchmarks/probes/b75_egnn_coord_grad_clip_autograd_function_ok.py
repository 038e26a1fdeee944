# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ClipGrad(torch.autograd.Function):
    """Identity forward; the backward clamps the coordinate gradient (stabilises EGNN training)."""

    @staticmethod
    def forward(ctx, x: torch.Tensor, bound: float) -> torch.Tensor:
        ctx.bound = bound
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad: torch.Tensor):
        return grad.clamp(-ctx.bound, ctx.bound), None


class Model(nn.Module):
    def __init__(self, d: int = 6):
        super().__init__()
        self.phi_e = nn.Sequential(nn.Linear(2 * d + 1, d), nn.SiLU())
        self.phi_x = nn.Linear(d, 1, bias=False)

    def forward(self, h: torch.Tensor, pos: torch.Tensor) -> torch.Tensor:
        rel = pos[:, None] - pos[None]
        dist = (rel * rel).sum(-1, keepdim=True)
        n = h.shape[0]
        pair = torch.cat([h[:, None].expand(n, n, -1), h[None].expand(n, n, -1), dist], -1)
        shift = (rel * self.phi_x(self.phi_e(pair))).mean(1)
        return pos + ClipGrad.apply(shift, 0.1)


def inputs():
    torch.manual_seed(7516)
    return [(torch.randn(4, 6), torch.randn(4, 3)), (torch.randn(6, 6), torch.randn(6, 3))]
