from typing import Optional

import torch
from torch import nn


class GuidedDenoiser(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 16), nn.SiLU(), nn.Linear(16, dim))
        self.register_buffer("default_scale", torch.tensor(3.0))

    def forward(self, x, scale: Optional[torch.Tensor] = None):
        scale = scale or self.default_scale  # breaks: compile,export,trace
        cond = self.net(x)
        uncond = self.net(torch.zeros_like(x))
        return uncond + scale * (cond - uncond)


def inputs():
    torch.manual_seed(37)
    return [
        (torch.randn(2, 8), torch.tensor(1.5)),
        (torch.randn(2, 8), torch.tensor(0.0)),
        (torch.randn(4, 8), torch.tensor(7.0)),
    ]


Model = GuidedDenoiser
