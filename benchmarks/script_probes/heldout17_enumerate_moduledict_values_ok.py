# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class WeightedHeads(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict({"a": nn.Linear(5, 3), "b": nn.Linear(5, 3), "c": nn.Linear(5, 3)})

    def forward(self, x):
        out = torch.zeros(x.shape[0], 3)
        for i, head in enumerate(self.heads.values()):
            out = out + head(x) * (i + 1)
        return out


Model = WeightedHeads


def inputs():
    torch.manual_seed(29)
    return [(torch.randn(2, 5),), (torch.randn(4, 5),)]
