# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.output_scale = 0.5

    def forward(self, x):
        return torch.relu(self.fc(x))


class ModelWrapper(nn.Module):
    """Wrapper that forwards unknown attribute look-ups to the wrapped model."""

    def __init__(self):
        super().__init__()
        self.module = Encoder()

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            return getattr(self.module, name)

    def forward(self, x):
        return self.module(x) * self.output_scale


Model = ModelWrapper


def inputs():
    torch.manual_seed(3813)
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
