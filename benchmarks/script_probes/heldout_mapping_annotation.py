from typing import Mapping

# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def pool(self, feats: Mapping[str, torch.Tensor]) -> torch.Tensor:
        return feats["a"] + feats["b"]

    def forward(self, x):
        return self.pool({"a": x, "b": x * 2})


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
