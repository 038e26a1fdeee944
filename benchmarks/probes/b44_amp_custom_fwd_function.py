# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.amp import custom_bwd, custom_fwd


class ScaledSiLUFunction(torch.autograd.Function):
    @staticmethod
    @custom_fwd(device_type="cpu", cast_inputs=torch.float32)
    def forward(ctx, x, scale):
        ctx.save_for_backward(x)
        ctx.scale = scale
        return x * torch.sigmoid(x) * scale

    @staticmethod
    @custom_bwd(device_type="cpu")
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        s = torch.sigmoid(x)
        return grad * ctx.scale * (s + x * s * (1 - s)), None


class FusedMLP(nn.Module):
    def __init__(self, dim=8, hidden=16):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x):
        return self.fc2(ScaledSiLUFunction.apply(self.fc1(x), 1.5))


Model = FusedMLP


def inputs():
    torch.manual_seed(20)
    return [(torch.randn(3, 8),), (torch.randn(5, 8),)]
