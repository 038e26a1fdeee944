# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def swish(x):
    return x * torch.sigmoid(x)


def mish(x):
    return x * torch.tanh(torch.nn.functional.softplus(x))


class ConfigurableMLP(nn.Module):
    """Tabular: the activation is named in the config and looked up in the module's globals()
    at call time."""

    def __init__(self, act: str = "mish"):
        super().__init__()
        self.act_name = act
        self.fc1 = nn.Linear(7, 16)
        self.fc2 = nn.Linear(16, 2)

    def forward(self, x):
        act = globals()[self.act_name]
        return self.fc2(act(self.fc1(x)))


Model = ConfigurableMLP


def inputs():
    torch.manual_seed(5716)
    return [(torch.randn(4, 7),), (torch.randn(9, 7),)]
