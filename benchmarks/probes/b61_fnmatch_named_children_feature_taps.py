# ruff: noqa  (a probe is written as users write models)
from fnmatch import fnmatch

import torch
import torch.nn as nn


class Model(nn.Module):
    """Backbone whose multi-scale outputs are chosen by a glob pattern over child names
    (config: return_layers="stage[24]")."""

    def __init__(self, pattern: str = "stage[24]"):
        super().__init__()
        self.pattern = pattern
        self.stage1 = nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.stage2 = nn.Conv2d(8, 16, 3, stride=2, padding=1)
        self.stage3 = nn.Conv2d(16, 16, 3, stride=1, padding=1)
        self.stage4 = nn.Conv2d(16, 32, 3, stride=2, padding=1)

    def forward(self, x: torch.Tensor):
        feats = []
        for name, layer in self.named_children():
            x = torch.relu(layer(x))
            if fnmatch(name, self.pattern):
                feats.append(x)
        return tuple(feats)


def inputs():
    torch.manual_seed(6107)
    return [(torch.randn(2, 3, 32, 32),), (torch.randn(1, 3, 48, 40),)]
