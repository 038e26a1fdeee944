# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def _count_calls(module, args):
    module.num_calls += 1


class WarmupGatedResidual(nn.Module):
    """Residual branch faded in over the first calls; the call count is kept by a pre-hook."""

    def __init__(self, d=6, warmup=4):
        super().__init__()
        self.branch = nn.Sequential(nn.Linear(d, d), nn.Tanh())
        self.warmup = warmup
        self.num_calls = 0
        self.register_forward_pre_hook(_count_calls)

    def forward(self, x):
        alpha = min(1.0, self.num_calls / self.warmup)
        return x + alpha * self.branch(x)


Model = WarmupGatedResidual


def inputs():
    torch.manual_seed(4215)
    return [(torch.randn(3, 6),), (torch.randn(3, 6),), (torch.randn(2, 6),)]
