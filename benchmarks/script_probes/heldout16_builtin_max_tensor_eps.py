# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        y = self.fc(x)
        scale = max(y.abs().max(), self.eps)
        return torch.round(y / scale * 127.0) / 127.0 * scale


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
