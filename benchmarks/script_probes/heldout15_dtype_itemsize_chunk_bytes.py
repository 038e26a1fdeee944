# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, max_bytes=64):
        super().__init__()
        self.max_bytes = max_bytes
        self.ffn = nn.Linear(4, 4)

    def forward(self, x):
        rows = max(1, self.max_bytes // (x.size(-1) * x.dtype.itemsize))
        outs = [self.ffn(c) for c in x.split(rows, dim=0)]
        return torch.cat(outs, dim=0)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(10, 4),), (torch.randn(3, 4),)]
