# ruff: noqa  (a probe is written as users write models)
import functools

import torch
import torch.nn as nn


def in_float32(fn):
    """Run a numerically sensitive helper in float32 and cast the result back."""

    @functools.wraps(fn)
    def wrapper(x, *args, **kwargs):
        return fn(x.float(), *args, **kwargs).to(x.dtype)

    return wrapper


@in_float32
def log_sum_exp_pool(x, dim: int):
    return torch.logsumexp(x, dim=dim)


class MILPooling(nn.Module):
    """Medical MIL: instance scores pooled with a log-sum-exp helper wrapped by a
    functools.wraps decorator."""

    def __init__(self, d: int = 10):
        super().__init__()
        self.score = nn.Linear(d, 2)

    def forward(self, bag):
        return log_sum_exp_pool(self.score(bag), 1)


Model = MILPooling


def inputs():
    torch.manual_seed(5715)
    return [(torch.randn(2, 6, 10),), (torch.randn(3, 11, 10),)]
