# ruff: noqa  (a probe is written as users write models)
from typing import Dict
import torch
import torch.nn as nn
from torch import Tensor


class MultiTaskHeads(nn.Module):
    """Named task outputs "task/target": sums the logits per task, splitting each name once on the slash."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.head = nn.Linear(dim, 3)
        self.output_names = ["seg/mask", "seg/edge", "depth/metric/abs"]

    def forward(self, x: Tensor) -> Dict[str, Tensor]:
        logits = self.head(x)
        out: Dict[str, Tensor] = {}
        for i, name in enumerate(self.output_names):
            task, _ = name.split("/", maxsplit=1)
            if task in out:
                out[task] = out[task] + logits[..., i]
            else:
                out[task] = logits[..., i]
        return out


Model = MultiTaskHeads


def inputs():
    torch.manual_seed(4210)
    return [(torch.randn(2, 8),), (torch.randn(4, 3, 8),)]
