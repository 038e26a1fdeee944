# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


def grad_scale(x, scale):
    return (x - x * scale).detach() + x * scale


def round_pass(x):
    return (x.round() - x).detach() + x


class LsqActQuant(nn.Module):
    def __init__(self, bits: int = 4):
        super().__init__()
        self.qp = 2 ** bits - 1
        self.step = nn.Parameter(torch.tensor(0.1))

    def forward(self, x):
        g = 1.0 / math.sqrt(x.numel() * self.qp)
        s = grad_scale(self.step, g)
        return round_pass((x / s).clamp(0, self.qp)) * s + g


Model = LsqActQuant


def inputs():
    torch.manual_seed(4808)
    return [(torch.rand(2, 8),), (torch.rand(4, 10),)]
