# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class RunningNorm(nn.Module):
    """Feature normaliser: running statistics move only in training mode."""

    def __init__(self, dim=6, momentum=0.1, eps=1e-5):
        super().__init__()
        self.momentum = momentum
        self.eps = eps
        self.register_buffer("running_mean", torch.zeros(dim))
        self.register_buffer("running_var", torch.ones(dim))

    def forward(self, x):
        if self.training:
            mean = x.mean(0)
            var = x.var(0, unbiased=False)
            with torch.no_grad():
                self.running_mean.lerp_(mean, self.momentum)
                self.running_var.lerp_(var, self.momentum)
        else:
            mean, var = self.running_mean, self.running_var
        return (x - mean) / torch.sqrt(var + self.eps)


Model = RunningNorm


def inputs():
    torch.manual_seed(4931)
    return [(torch.randn(4, 6),), (torch.randn(7, 6) * 3 + 1,)]
