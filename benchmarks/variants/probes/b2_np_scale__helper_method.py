import numpy as np
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, q, k):
        return self._forward_impl(q, k)
    def _forward_impl(self, q, k):
        scale = 1.0 / np.sqrt(q.shape[-1])
        return (q @ k.transpose(-2, -1)) * scale


def inputs():
    return [(torch.randn(2, 3, 4), torch.randn(2, 3, 4)), (torch.randn(1, 5, 4), torch.randn(1, 5, 4))]
