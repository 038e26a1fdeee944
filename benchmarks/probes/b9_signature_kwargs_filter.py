import inspect

import torch
from torch import nn


def call_with_supported(module: nn.Module, x, **kwargs):
    params = inspect.signature(module.forward).parameters
    return module(x, **{k: v for k, v in kwargs.items() if k in params})


class MaskedMix(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x, mask=None):
        h = self.fc(x)
        return h if mask is None else h * mask[..., None]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([MaskedMix(), nn.GELU(), MaskedMix(), nn.LayerNorm(8)])

    def forward(self, x, mask):
        for layer in self.layers:
            x = call_with_supported(layer, x, mask=mask)
        return x


def inputs():
    return [
        (torch.randn(2, 3, 8), torch.tensor([[1.0, 1.0, 0.0], [1.0, 0.0, 0.0]])),
        (torch.randn(1, 5, 8), torch.ones(1, 5)),
    ]
