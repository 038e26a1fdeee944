# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn

_CLEAN = str.maketrans({".": "_", "-": "_"})


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict({"cls_head": nn.Linear(6, 2), "box_head": nn.Linear(6, 4)})
        self.task = "box-head"

    def forward(self, x):
        key = self.task.translate(_CLEAN)
        out = x
        for name, head in self.heads.items():
            if name == key:
                out = head(x)
        return out


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
