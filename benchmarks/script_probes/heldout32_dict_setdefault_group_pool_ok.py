# ruff: noqa  (a probe is written as users write models)
from typing import Dict, List

import torch
import torch.nn as nn
from torch import Tensor


class GroupedReadout(nn.Module):
    """Graph readout: node features are grouped by node type, averaged per type, concatenated
    in type order."""

    def __init__(self, node_types: List[str] = ["C", "H", "C", "O", "H", "C"]):
        super().__init__()
        self.node_types = node_types
        self.order = ["C", "H", "O"]
        self.fc = nn.Linear(4, 4)

    def forward(self, x: Tensor) -> Tensor:
        groups: Dict[str, List[Tensor]] = {}
        for i, t in enumerate(self.node_types):
            groups.setdefault(t, []).append(self.fc(x[:, i]))
        return torch.cat([torch.stack(groups[t], 0).mean(0) for t in self.order], -1)


Model = GroupedReadout


def inputs():
    torch.manual_seed(3216)
    return [(torch.randn(2, 6, 4),), (torch.randn(3, 6, 4),)]
