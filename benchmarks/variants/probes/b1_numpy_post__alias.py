import numpy as np
import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, x):
        arr = x.detach().cpu().numpy()
        clipped = np.clip(arr, -1.0, 1.0)
        return T.from_numpy(clipped) * 2


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
