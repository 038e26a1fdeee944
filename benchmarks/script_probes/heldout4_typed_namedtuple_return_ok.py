# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import NamedTuple

import torch
from torch import nn


class EncoderOutput(NamedTuple):
    hidden: torch.Tensor
    num_tokens: int


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x) -> EncoderOutput:
        return EncoderOutput(self.fc(x), x.shape[0])


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder()

    def forward(self, x):
        out = self.encoder(x)
        return out.hidden / out.num_tokens


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
