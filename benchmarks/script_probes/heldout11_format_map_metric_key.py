# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict

import torch
import torch.nn as nn

class Probe(nn.Module):
    def __init__(self, dim: int = 4, stage: str = "enc"):
        super().__init__()
        self.stage = stage
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> Dict[str, torch.Tensor]:
        out: Dict[str, torch.Tensor] = {}
        q_key = "{stage}/{name}".format_map({"stage": self.stage, "name": "q"})
        k_key = "{stage}/{name}".format_map({"stage": self.stage, "name": "k"})
        out[q_key] = self.q(x).norm()
        out[k_key] = self.k(x).norm()
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.probe = Probe()

    def forward(self, x):
        return self.probe(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
