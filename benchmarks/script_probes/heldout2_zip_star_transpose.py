# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List, Tuple

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleList([nn.Linear(4, 2) for _ in range(3)])

    def forward(self, x):
        pairs: List[Tuple[torch.Tensor, torch.Tensor]] = []
        for head in self.heads:
            y = head(x)
            pairs.append((y, y.sigmoid()))
        logits, probs = zip(*pairs)
        return torch.stack(list(logits)) + torch.stack(list(probs))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
