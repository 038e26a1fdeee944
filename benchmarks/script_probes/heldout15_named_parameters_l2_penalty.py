# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, weight_decay=1e-3):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(6, 6), nn.ReLU(), nn.Linear(6, 2))
        self.weight_decay = weight_decay

    def forward(self, x):
        out = self.body(x)
        reg = torch.zeros(())
        for name, p in self.named_parameters():
            if name.endswith("weight"):
                reg = reg + p.pow(2).sum()
        return out, reg * self.weight_decay


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
