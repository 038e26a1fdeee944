# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class LowerBoundFunction(torch.autograd.Function):
    """max(x, bound) whose gradient still flows when it pushes x back up toward the bound."""

    @staticmethod
    def forward(ctx, x, bound):
        ctx.save_for_backward(x, bound)
        return torch.max(x, bound)

    @staticmethod
    def backward(ctx, grad):
        x, bound = ctx.saved_tensors
        pass_through = (x >= bound) | (grad < 0)
        return pass_through.type(grad.dtype) * grad, None


class LowerBound(nn.Module):
    def __init__(self, bound: float):
        super().__init__()
        self.register_buffer("bound", torch.tensor([float(bound)]))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return LowerBoundFunction.apply(x, self.bound)


class Model(nn.Module):
    """Factorized-prior entropy bottleneck (eval): rounded latents and their likelihoods."""

    def __init__(self, ch: int = 4):
        super().__init__()
        self.analysis = nn.Conv2d(3, ch, 3, stride=2, padding=1)
        self.log_scale = nn.Parameter(torch.zeros(1, ch, 1, 1))
        self.likelihood_bound = LowerBound(1e-9)

    def forward(self, img: torch.Tensor):
        y = self.analysis(img)
        y_hat = torch.round(y)
        s = self.log_scale.exp()
        upper = torch.sigmoid((y_hat + 0.5) / s)
        lower = torch.sigmoid((y_hat - 0.5) / s)
        return y_hat, self.likelihood_bound(upper - lower)


def inputs():
    torch.manual_seed(7216)
    return [(torch.rand(1, 3, 8, 8) * 10,), (torch.rand(1, 3, 8, 8) * 10,)]
