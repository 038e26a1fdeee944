# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.ups = nn.ModuleList([nn.Linear(8, 8) for _ in range(3)])
        self.down = nn.Linear(8, 8)

    def forward(self, x):
        skips = []
        for _ in range(3):
            x = torch.relu(self.down(x))
            skips.append(x)
        for i in range(len(skips))[::-1]:
            x = x + skips[i]
        for up in self.ups:
            x = up(x)
        return x


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
