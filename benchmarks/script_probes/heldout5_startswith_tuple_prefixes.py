# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.branches = nn.ModuleDict(
            {"enc_a": nn.Linear(4, 4), "enc_b": nn.Linear(4, 4), "dec_out": nn.Linear(4, 4)}
        )

    def forward(self, x):
        outs: Dict[str, torch.Tensor] = {}
        for name, layer in self.branches.items():
            if name.startswith(("enc_", "pre_")):
                outs[name] = layer(x)
        return outs["enc_a"] + outs["enc_b"]


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
