# ruff: noqa  (a probe is written as users write models)
import operator
from typing import List, Tuple

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.Linear(8, 4)
        self.keep = 2

    def forward(self, x):
        logits = self.heads(x)
        means: List[float] = logits.mean(0).tolist()
        ranked: List[Tuple[int, float]] = list(enumerate(means))
        ranked = sorted(ranked, key=operator.itemgetter(1), reverse=True)
        idx = [i for i, _ in ranked[: self.keep]]
        return logits[:, idx]


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(3, 8),), (torch.randn(6, 8),)]
