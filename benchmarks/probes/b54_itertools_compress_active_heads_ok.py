# ruff: noqa  (a probe is written as users write models)
from itertools import compress

import torch
import torch.nn as nn


class MultiTaskRecHeads(nn.Module):
    """Recsys: several task towers; a static on/off list selects which ones run (itertools.compress)."""

    def __init__(self, d: int = 8, active=(True, False, True)):
        super().__init__()
        self.shared = nn.Linear(d, d)
        self.towers = nn.ModuleList(nn.Linear(d, 1) for _ in active)
        self.active = list(active)

    def forward(self, x):
        h = torch.relu(self.shared(x))
        outs = [t(h) for t in compress(self.towers, self.active)]
        return torch.cat(outs, -1)


Model = MultiTaskRecHeads


def inputs():
    torch.manual_seed(5426)
    return [(torch.randn(4, 8),), (torch.randn(2, 6, 8),)]
