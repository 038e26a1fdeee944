# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict, List

import torch
import torch.nn as nn


class FeatureMixer(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.mix = nn.Linear(dim * 2, dim)

    def forward(self, feats: Dict[str, torch.Tensor]) -> torch.Tensor:
        names: List[str] = sorted(feats.keys(), reverse=True)
        parts = [feats[n] for n in names[:2]]
        return self.mix(torch.cat(parts, dim=-1))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.mixer = FeatureMixer()

    def forward(self, a: torch.Tensor, b: torch.Tensor, c: torch.Tensor):
        return self.mixer({"p3": a, "p4": b, "p5": c})


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(2, 4), torch.randn(2, 4), torch.randn(2, 4)),
        (torch.randn(3, 4), torch.randn(3, 4), torch.randn(3, 4)),
    ]
