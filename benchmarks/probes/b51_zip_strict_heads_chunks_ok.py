# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PerGroupProjection(nn.Module):
    """Splits channels into groups and gives each its own projection; zip(strict=True) checks counts."""

    def __init__(self, d: int = 12, groups: int = 3):
        super().__init__()
        self.groups = groups
        self.projs = nn.ModuleList(nn.Linear(d // groups, d // groups) for _ in range(groups))

    def forward(self, x):
        chunks = x.chunk(self.groups, dim=-1)
        outs = [proj(c) for proj, c in zip(self.projs, chunks, strict=True)]
        return torch.cat(outs, dim=-1) + x


Model = PerGroupProjection


def inputs():
    torch.manual_seed(5122)
    return [(torch.randn(2, 12),), (torch.randn(3, 4, 12),)]
