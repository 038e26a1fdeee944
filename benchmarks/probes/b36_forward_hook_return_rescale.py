# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class OutputScaleHook:
    def __init__(self, scale):
        self.scale = scale

    def __call__(self, module, args, output):
        return output * self.scale


class HookScaledEncoder(nn.Module):
    def __init__(self, dim=8, scale=0.5):
        super().__init__()
        self.enc = nn.Linear(dim, dim)
        self.out = nn.Linear(dim, 3)
        self.enc.register_forward_hook(OutputScaleHook(scale))

    def forward(self, x):
        return self.out(torch.relu(self.enc(x)))


Model = HookScaledEncoder


def inputs():
    torch.manual_seed(3620)
    return [(torch.randn(2, 8),), (torch.randn(2, 8),), (torch.randn(6, 8),)]
