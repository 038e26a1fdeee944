import torch
from torch import nn
from torch.autograd import Function


class ClampGrad(Function):
    @staticmethod
    def forward(x, bound):
        return x.clone()

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.bound = inputs[1]

    @staticmethod
    def backward(ctx, grad):
        return grad.clamp(-ctx.bound, ctx.bound), None


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return ClampGrad.apply(self.fc(x), 0.5).relu()


def inputs():
    torch.manual_seed(26)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
