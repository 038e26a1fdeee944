import contextlib

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8, freeze_backbone: bool = False):
        super().__init__()
        self.backbone = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, 3)
        self.freeze_backbone = freeze_backbone

    def forward(self, x):
        ctx = torch.no_grad() if self.freeze_backbone else contextlib.nullcontext()
        with ctx:
            feats = torch.relu(self.backbone(x))
        return self.head(feats)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
