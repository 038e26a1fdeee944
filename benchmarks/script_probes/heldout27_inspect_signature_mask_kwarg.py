# ruff: noqa  (a probe is written as users write models)
import inspect

import torch
import torch.nn as nn


class Mixer(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x, mask=None):
        y = self.fc(x)
        if mask is not None:
            y = y * mask.unsqueeze(-1)
        return y


class EncoderLayer(nn.Module):
    """NLP encoder layer that only passes the padding mask if the mixer accepts one."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.mixer = Mixer(dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x, mask):
        if "mask" in inspect.signature(self.mixer.forward).parameters:
            y = self.mixer(x, mask=mask)
        else:
            y = self.mixer(x)
        return self.norm(x + y)


Model = EncoderLayer


def inputs():
    torch.manual_seed(2703)
    return [
        (torch.randn(2, 5, 8), torch.ones(2, 5)),
        (torch.randn(3, 7, 8), (torch.rand(3, 7) > 0.3).float()),
    ]
