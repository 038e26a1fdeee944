# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.autograd.profiler import record_function


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn_in = nn.Linear(8, 24)
        self.attn_out = nn.Linear(8, 8)

    def forward(self, x):
        with record_function("attention"):
            q, k, v = self.attn_in(x).chunk(3, dim=-1)
            w = torch.softmax(q @ k.transpose(-2, -1) / 8 ** 0.5, dim=-1)
            y = self.attn_out(w @ v)
        return y + x


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
