# ruff: noqa  (a probe is written as users write models)
import sys

import torch
import torch.nn as nn


class StatsPool(nn.Module):
    """Speaker-embedding style stats pooling with a Python-version guarded code path."""

    def __init__(self, channels: int = 5, emb: int = 3):
        super().__init__()
        self.head = nn.Linear(2 * channels, emb)

    def forward(self, x):
        if sys.version_info >= (3, 9):
            feats = torch.cat([x.mean(-1), x.amax(-1)], dim=-1)
        else:
            feats = torch.cat([x.mean(-1), x.max(-1)[0]], dim=-1)
        return self.head(feats)


Model = StatsPool


def inputs():
    torch.manual_seed(2806)
    return [(torch.randn(2, 5, 7),), (torch.randn(3, 5, 4),)]
