# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import NamedTuple, Optional

import torch
from torch import nn


class EncoderOutput(NamedTuple):
    last_hidden: torch.Tensor
    pooled: Optional[torch.Tensor] = None


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.Linear(4, 4)

    def forward(self, x) -> EncoderOutput:
        h = self.layer(x)
        if h.shape[1] > 2:
            return EncoderOutput(h, h.mean(1))
        return EncoderOutput(h)


def inputs():
    return [(torch.randn(2, 3, 4),), (torch.randn(1, 2, 4),)]
