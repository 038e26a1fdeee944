import torch
from torch import nn


def model_forward(self, x):
    size = torch.tensor(x.shape, dtype=torch.float32)
    return x.sum() / size.prod()
