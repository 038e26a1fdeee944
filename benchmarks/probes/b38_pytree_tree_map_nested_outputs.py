# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.utils._pytree import tree_map


class DetHead(nn.Module):
    """Detection head returning nested outputs; every leaf is cast to fp32 in one tree_map."""

    def __init__(self, dim=8, classes=3):
        super().__init__()
        self.cls = nn.Linear(dim, classes)
        self.box = nn.Linear(dim, 4)
        self.obj = nn.Linear(dim, 1)

    def forward(self, x):
        out = (self.cls(x), (self.box(x).sigmoid(), self.obj(x)))
        return tree_map(lambda t: t.float() * 1.0, out)


Model = DetHead


def inputs():
    torch.manual_seed(3830)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 4, 8),)]
