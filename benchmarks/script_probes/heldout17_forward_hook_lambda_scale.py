# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ScaledResidual(nn.Module):
    def __init__(self, dim=6, gamma=0.5):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.register_forward_hook(lambda mod, inp, out: out * gamma)

    def forward(self, x):
        return x + self.fc(x)


Model = ScaledResidual


def inputs():
    torch.manual_seed(22)
    return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
