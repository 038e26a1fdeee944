import functools
import numpy as np
import torch
from torch import nn


def model_forward(self, q, k):
    scale = 1.0 / np.sqrt(q.shape[-1])
    return (q @ k.transpose(-2, -1)) * scale


class Model(nn.Module):
    def forward(self, q, k):
        run = functools.partial(model_forward, self)
        return run(q, k)


def inputs():
    return [(torch.randn(2, 3, 4), torch.randn(2, 3, 4)), (torch.randn(1, 5, 4), torch.randn(1, 5, 4))]
