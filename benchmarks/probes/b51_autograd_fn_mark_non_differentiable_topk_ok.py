# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.autograd import Function


class TopKPool(Function):
    """Keeps the k largest activations per row; indices are returned but not differentiable."""

    @staticmethod
    def forward(ctx, x, k):
        values, idx = x.topk(k, dim=-1)
        ctx.save_for_backward(idx)
        ctx.in_shape = x.shape
        ctx.mark_non_differentiable(idx)
        return values, idx

    @staticmethod
    def backward(ctx, grad_values, grad_idx):
        (idx,) = ctx.saved_tensors
        grad = grad_values.new_zeros(ctx.in_shape)
        grad.scatter_(-1, idx, grad_values)
        return grad, None


class Model(nn.Module):
    def __init__(self, d: int = 10, k: int = 3):
        super().__init__()
        self.k = k
        self.proj = nn.Linear(d, d)

    def forward(self, x):
        values, idx = TopKPool.apply(self.proj(x), self.k)
        return values.sum(-1), idx


def inputs():
    torch.manual_seed(5110)
    return [(torch.randn(4, 10),), (torch.randn(2, 6, 10),)]
