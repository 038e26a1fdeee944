# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class EMATarget(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.encoder = nn.Linear(dim, dim)

    def forward(self, x):
        z = self.encoder(x)
        if not torch.is_grad_enabled():
            return z
        return z.detach() * 0.5 + z * 0.5


Model = EMATarget


def inputs():
    torch.manual_seed(10)
    return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
