import numpy as np
import torch
from torch import nn


def model_forward(self, x):
    arr = x.detach().cpu().numpy()
    clipped = np.clip(arr, -1.0, 1.0)
    return torch.from_numpy(clipped) * 2
