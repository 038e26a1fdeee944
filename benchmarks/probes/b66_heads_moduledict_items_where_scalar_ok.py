# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn


class Model(nn.Module):
    """Multi-task heads in a ModuleDict; each head's output is zeroed where the sample's task
    mask is off, using torch.where with a Python scalar."""

    def __init__(self, d: int = 4):
        super().__init__()
        self.heads = nn.ModuleDict({"age": nn.Linear(d, 1), "gender": nn.Linear(d, 2)})

    def forward(self, x: torch.Tensor, has_label: torch.Tensor) -> torch.Tensor:
        out: Dict[str, torch.Tensor] = {}
        for name, head in self.heads.items():
            out[name] = torch.where(has_label[:, None], head(x), 0.0)
        return torch.cat([out["age"], out["gender"]], dim=-1)


def inputs():
    torch.manual_seed(6628)
    return [
        (torch.randn(3, 4), torch.tensor([True, False, True])),
        (torch.randn(3, 4), torch.tensor([False, False, True])),
    ]
