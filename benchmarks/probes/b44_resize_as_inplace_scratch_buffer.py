# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class NormalizedInput(nn.Module):
    """Old Lua-torch port: a scratch buffer is resized to the input and reused every call."""

    def __init__(self, channels=3):
        super().__init__()
        self.register_buffer("mean", torch.tensor([0.485, 0.456, 0.406]).view(1, channels, 1, 1))
        self.register_buffer("std", torch.tensor([0.229, 0.224, 0.225]).view(1, channels, 1, 1))
        self.register_buffer("scratch", torch.empty(0), persistent=False)
        self.conv = nn.Conv2d(channels, 4, 3, padding=1)

    def forward(self, x):
        self.scratch.resize_as_(x).copy_(x)
        self.scratch.sub_(self.mean).div_(self.std)
        return self.conv(self.scratch)


Model = NormalizedInput


def inputs():
    torch.manual_seed(36)
    return [(torch.rand(2, 3, 6, 6),), (torch.rand(1, 3, 8, 5),)]
