# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Linear(6, 8)
        self.mid = nn.Linear(8, 8)
        self.head = nn.Linear(8, 2)

    def forward(self, x):
        for name, layer in self._modules.items():
            x = layer(x)
            if name != "head":
                x = torch.relu(x)
        return x


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
