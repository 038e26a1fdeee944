# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import collections

import torch
from torch import nn

EncoderOutput = collections.namedtuple("EncoderOutput", ["hidden", "num_tokens"])


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
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
