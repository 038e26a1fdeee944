# ruff: noqa  (a probe is written as users write models)
import contextlib

import torch
import torch.nn as nn


class Model(nn.Module):
    """Adapter over an optionally frozen backbone: no_grad when frozen, else a nullcontext."""

    def __init__(self, dim: int = 16, freeze_backbone: bool = False):
        super().__init__()
        self.freeze_backbone = freeze_backbone
        self.backbone = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())
        self.adapter = nn.Linear(dim, 4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        ctx = torch.no_grad() if self.freeze_backbone else contextlib.nullcontext()  # breaks: script
        with ctx:
            h = self.backbone(x)
        return self.adapter(h)


def inputs():
    torch.manual_seed(6330)
    return [(torch.randn(3, 16),), (torch.randn(6, 16),)]
