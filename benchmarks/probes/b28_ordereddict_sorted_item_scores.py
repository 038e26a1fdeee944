from collections import OrderedDict

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.branches = nn.ModuleDict({n: nn.Linear(dim, dim) for n in ("a", "b", "c")})
        self.gate = nn.Linear(dim, 3)

    def forward(self, x):
        g = self.gate(x).mean(0)
        scores = OrderedDict(zip(self.branches.keys(), g))
        ranked = OrderedDict(sorted(scores.items(), key=lambda kv: kv[1].item(), reverse=True))  # breaks: compile,export,trace
        top = next(iter(ranked))
        return self.branches[top](x)


def inputs():
    torch.manual_seed(20)
    return [(torch.randn(4, 8),), (torch.randn(2, 8) * 3,), (-torch.randn(3, 8) * 3,)]
