# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
import torch.nn as nn


def layer_ids(names: List[str]) -> List[int]:
    ids: List[int] = []
    for name in names:
        for part in name.strip().lower().split("."):
            if part.isdigit():
                ids.append(int(part))
    return ids


class LayerDecay(nn.Module):
    def __init__(self, dim: int = 4, decay: float = 0.8):
        super().__init__()
        self.decay = decay
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor, names: List[str]) -> torch.Tensor:
        scale = 1.0
        for i in layer_ids(names):
            scale = scale * self.decay ** i
        return self.fc(x) * scale


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.decay = LayerDecay()

    def forward(self, x, names: List[str]):
        return self.decay(x, names)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4), ["Blocks.1.attn", " blocks.3.mlp"]), (torch.randn(3, 4), ["head"])]
