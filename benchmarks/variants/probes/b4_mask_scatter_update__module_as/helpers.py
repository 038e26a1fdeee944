import torch
from torch import nn


def model_forward(self, x, mask):
    x = x.clone()
    x[mask] = self.mask_token.to(x.dtype)
    return self.fc(x)
