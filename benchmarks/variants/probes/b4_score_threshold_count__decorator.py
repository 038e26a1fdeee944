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
    def __init__(self, dim: int = 8):
        super().__init__()
        self.cls = nn.Linear(dim, 1)

    @passthrough
    def forward(self, feats):
        scores = self.cls(feats).squeeze(-1).sigmoid()
        num_pos = int((scores > 0.5).sum())  # breaks: compile,export
        top = scores.topk(max(num_pos, 1)).values
        return top.mean()


def inputs():
    return [(torch.randn(6, 8),), (torch.randn(5, 8) * 4,)]
