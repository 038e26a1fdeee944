# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn

ACT_GAIN = {"relu": 2.0 ** 0.5, "tanh": 5.0 / 3, "linear": 1.0}


class ScaledAct(nn.Module):
    def __init__(self, name: str = "tanh"):
        super().__init__()
        self.name = name
        self.fc = nn.Linear(6, 6)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.fc(x)
        if self.name == "relu":
            y = torch.relu(y)
        elif self.name == "tanh":
            y = torch.tanh(y)
        return y * ACT_GAIN[self.name]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.act = ScaledAct()

    def forward(self, x):
        return self.act(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
