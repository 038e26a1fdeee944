# ruff: noqa  (a probe is written as users write models)
from typing import NamedTuple

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(6, 4)
        self.dec = nn.Linear(4, 6)

    def forward(self, x: torch.Tensor) -> "AEOutput":
        z = torch.tanh(self.enc(x))
        return AEOutput(self.dec(z), z)


class AEOutput(NamedTuple):
    recon: torch.Tensor
    latent: torch.Tensor


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
