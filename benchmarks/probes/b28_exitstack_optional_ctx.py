import contextlib

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim=8, freeze_backbone=True):
        super().__init__()
        self.backbone = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, 2)
        self.freeze_backbone = freeze_backbone

    def forward(self, x):
        with contextlib.ExitStack() as stack:
            if self.freeze_backbone:
                stack.enter_context(torch.no_grad())  # breaks: compile
            feats = self.backbone(x)
        return self.head(feats)


def inputs():
    torch.manual_seed(13)
    return [(torch.randn(2, 8),), (torch.randn(6, 8),)]
