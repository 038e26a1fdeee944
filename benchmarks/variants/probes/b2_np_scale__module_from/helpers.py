import numpy as np
import torch
from torch import nn


def model_forward(self, q, k):
    scale = 1.0 / np.sqrt(q.shape[-1])
    return (q @ k.transpose(-2, -1)) * scale
