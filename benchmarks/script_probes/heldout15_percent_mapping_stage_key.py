# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stage_norms = nn.ModuleDict({"s1_ln": nn.LayerNorm(6), "s2_ln": nn.LayerNorm(6)})
        self.stage = 2

    def forward(self, x):
        key = "s%(idx)d_ln" % {"idx": self.stage}
        for name, norm in self.stage_norms.items():
            if name == key:
                x = norm(x)
        return x


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
