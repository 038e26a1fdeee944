# ruff: noqa  (a probe is written as users write models)
from typing import List, Tuple

import torch
import torch.nn as nn


class ExitHead(nn.Module):
    """Early-exit head of a distillation student: logits plus a projected feature that is
    matched to the teacher's."""

    def __init__(self, d: int, n_classes: int, d_teacher: int):
        super().__init__()
        self.cls = nn.Linear(d, n_classes)
        self.proj = nn.Linear(d, d_teacher)

    def forward(self, h: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
        pooled = h.mean(1)
        return self.cls(pooled), self.proj(pooled)


class Model(nn.Module):
    def __init__(self, d: int = 8, n_classes: int = 3, d_teacher: int = 12, depth: int = 3):
        super().__init__()
        self.embed = nn.Linear(5, d)
        self.blocks = nn.ModuleList([nn.Sequential(nn.Linear(d, d), nn.GELU()) for _ in range(depth)])
        self.exits = nn.ModuleList([ExitHead(d, n_classes, d_teacher) for _ in range(depth)])

    def forward(self, x: torch.Tensor):
        h = self.embed(x)
        outs: List[Tuple[torch.Tensor, torch.Tensor]] = []
        for block, head in zip(self.blocks, self.exits):
            h = block(h)
            outs.append(head(h))
        logits, feats = zip(*outs)  # breaks: script
        return torch.stack(logits, 0).mean(0), torch.stack(feats, 1)


def inputs():
    torch.manual_seed(6814)
    return [(torch.randn(2, 6, 5),), (torch.randn(3, 4, 5),)]
