import numpy as np
import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def forward(self, q, k):
        return model_forward(self, q, k)


def inputs():
    return [(torch.randn(2, 3, 4), torch.randn(2, 3, 4)), (torch.randn(1, 5, 4), torch.randn(1, 5, 4))]
