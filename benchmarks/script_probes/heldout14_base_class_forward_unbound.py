# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ScaledLinear(nn.Linear):
    def __init__(self, cin: int, cout: int, scale: float = 0.5):
        super().__init__(cin, cout)
        self.scale = scale

    def forward(self, x):
        return nn.Linear.forward(self, x) * self.scale


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = ScaledLinear(6, 6)
        self.b = ScaledLinear(6, 3, scale=2.0)

    def forward(self, x):
        return self.b(torch.relu(self.a(x)))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
