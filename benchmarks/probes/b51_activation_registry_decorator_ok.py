# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F

_ACTIVATIONS = {}


def register_activation(name):
    def deco(fn):
        _ACTIVATIONS[name] = fn
        return fn

    return deco


@register_activation("squared_relu")
def squared_relu(x):
    return F.relu(x).pow(2)


@register_activation("swish")
def swish(x):
    return x * torch.sigmoid(x)


def get_activation(name):
    if name not in _ACTIVATIONS:
        raise KeyError(f"unknown activation {name!r}; have {sorted(_ACTIVATIONS)}")
    return _ACTIVATIONS[name]


class FFN(nn.Module):
    def __init__(self, d: int = 8, act: str = "squared_relu"):
        super().__init__()
        self.act_name = act
        self.w1 = nn.Linear(d, 2 * d)
        self.w2 = nn.Linear(2 * d, d)

    def forward(self, x):
        return self.w2(get_activation(self.act_name)(self.w1(x)))


Model = FFN


def inputs():
    torch.manual_seed(5118)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
