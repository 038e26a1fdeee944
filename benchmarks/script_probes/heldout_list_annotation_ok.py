from typing import Dict, List

# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def pool(self, feats: Dict[str, torch.Tensor], order: List[str]) -> torch.Tensor:
        out = feats[order[0]]
        for k in order[1:]:
            out = out + feats[k]
        return out

    def forward(self, x):
        return self.pool({"a": x, "b": x * 2}, ["a", "b"])


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
