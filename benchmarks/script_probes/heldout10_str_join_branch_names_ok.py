# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict, List

import torch
from torch import nn


class Router(nn.Module):
    def __init__(self):
        super().__init__()
        self.names: List[str] = ["text", "image", "audio"]
        self.fc = nn.Linear(4, 3)
        self.routes: Dict[str, int] = {"text+image+audio": 0, "text+image": 1}

    def forward(self, x: torch.Tensor, active: List[bool]) -> torch.Tensor:
        picked: List[str] = []
        for name, on in zip(self.names, active):
            if on:
                picked.append(name)
        key = "+".join(picked)
        route = self.routes.get(key, 2)
        return self.fc(x)[:, route]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = Router()

    def forward(self, x, active: List[bool]):
        return self.router(x, active)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4), [True, True, False]), (torch.randn(3, 4), [False, True, True])]
