# ruff: noqa  (a probe is written as users write models)
from collections import OrderedDict
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class IntermediateLayerGetter(nn.ModuleDict):
    """Runs the children in order and returns the outputs named in return_layers."""

    def __init__(self, model: nn.Module, return_layers: Dict[str, str]):
        layers = OrderedDict()
        for name, module in model.named_children():
            layers[name] = module
        super().__init__(layers)
        self.return_layers = return_layers

    def forward(self, x: Tensor) -> Dict[str, Tensor]:
        out = OrderedDict()
        for name, module in self.items():
            x = module(x)
            if name in self.return_layers:
                out[self.return_layers[name]] = x
        return out


def _backbone() -> nn.Module:
    return nn.Sequential(
        OrderedDict(
            stem=nn.Conv2d(3, 4, 3, padding=1),
            layer1=nn.Conv2d(4, 4, 3, stride=2, padding=1),
            layer2=nn.Conv2d(4, 4, 3, stride=2, padding=1),
        )
    )


class Model(IntermediateLayerGetter):
    def __init__(self):
        super().__init__(_backbone(), {"layer1": "c2", "layer2": "c3"})


def inputs():
    torch.manual_seed(1928)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 6, 10),)]
