# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict

import torch
from torch import nn



class Affine(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)

    def forward(self, x: torch.Tensor, overrides: Dict[str, float]) -> torch.Tensor:
        opts = {"scale": 1.0, "shift": 0.0} | overrides
        return self.fc(x) * opts["scale"] + opts["shift"]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.affine = Affine()

    def forward(self, x, overrides: Dict[str, float]):
        return self.affine(x, overrides)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3), {"scale": 2.0}), (torch.randn(4, 3), {"shift": -1.0})]
