from typing import Dict

import torch
from torch import nn


class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x) -> Dict[str, torch.Tensor]:
        y = self.fc(x)
        return {"out": y, "mean": y.mean(), "max": y.amax()}


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, x) -> Dict[str, torch.Tensor]:
        return self.block(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
