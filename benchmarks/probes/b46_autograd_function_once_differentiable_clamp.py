# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.autograd.function import once_differentiable


class GradClampedRelu(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.clamp(min=0)

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        return grad_out.clamp(-1, 1) * (x > 0).to(grad_out.dtype)


class MLP(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc1 = nn.Linear(dim, 16)
        self.fc2 = nn.Linear(16, 3)

    def forward(self, x):
        return self.fc2(GradClampedRelu.apply(self.fc1(x)))


Model = MLP


def inputs():
    torch.manual_seed(4616)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
