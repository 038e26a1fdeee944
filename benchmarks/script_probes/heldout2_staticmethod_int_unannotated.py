# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn
import torch.nn.functional as F


class Model(nn.Module):
    @staticmethod
    def pad_to(x, multiple):
        rem = x.size(-1) % multiple
        return F.pad(x, (0, multiple - rem)) if rem else x

    def forward(self, x):
        return self.pad_to(x, 3)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
