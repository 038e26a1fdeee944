# ruff: noqa  (a probe is written as users write models)
from typing import Dict, List

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.route: List[str] = ["even", "odd", "even", "odd", "even"]
        self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(5)])

    def forward(self, x):
        groups: Dict[str, List[torch.Tensor]] = {}
        for i, blk in enumerate(self.blocks):
            tag = self.route[i]
            x = torch.relu(blk(x))
            groups[tag] = groups.get(tag, []) + [x]
        return torch.stack(groups["even"]).mean(0) - torch.stack(groups["odd"]).mean(0)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
