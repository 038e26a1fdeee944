import numpy as np
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        return self._forward_impl(x)
    def _forward_impl(self, x):
        arr = x.detach().cpu().numpy()
        clipped = np.clip(arr, -1.0, 1.0)
        return torch.from_numpy(clipped) * 2


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
