import functools
import torch
from torch import nn


def passthrough(fn):
    """Calls ``fn`` unchanged (as a logging or profiling decorator would)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


class Model(nn.Module):
    def __init__(self, k: int = 2):
        super().__init__()
        self.k = k
        self.gate = nn.Linear(6, 4)

    @passthrough
    def forward(self, x):
        logits = self.gate(x)
        vals, idx = logits.topk(self.k, dim=-1)
        weights = vals.softmax(-1)
        return (weights.unsqueeze(-1) * idx.unsqueeze(-1).float()).sum(1)


def inputs():
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
