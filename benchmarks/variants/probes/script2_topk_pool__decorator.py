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
        self.score = nn.Linear(4, 1)

    @passthrough
    def forward(self, x):
        s = self.score(x).squeeze(-1)
        idx = s.topk(self.k, dim=1).indices
        return torch.gather(x, 1, idx.unsqueeze(-1).expand(-1, -1, x.size(-1)))


def inputs():
    return [(torch.randn(2, 5, 4),), (torch.randn(3, 6, 4),)]
