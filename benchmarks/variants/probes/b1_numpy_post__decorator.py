import functools
import numpy as np
import torch
from torch import nn


def passthrough(fn):
    """Calls ``fn`` unchanged (as a logging or profiling decorator would)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


class Model(nn.Module):
    @passthrough
    def forward(self, x):
        arr = x.detach().cpu().numpy()
        clipped = np.clip(arr, -1.0, 1.0)
        return torch.from_numpy(clipped) * 2


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
