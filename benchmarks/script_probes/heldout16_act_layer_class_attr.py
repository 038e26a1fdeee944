# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Mlp(nn.Module):
    def __init__(self, dim=8, hidden=16, act_layer=nn.GELU):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)
        self.act_layer = act_layer

    def forward(self, x):
        return self.fc2(self.act_layer()(self.fc1(x)))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.mlp = Mlp()

    def forward(self, x):
        return x + self.mlp(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
