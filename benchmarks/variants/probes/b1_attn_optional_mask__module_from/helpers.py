import torch
import torch.nn.functional as F
from torch import nn


def model_forward(self, x, mask=None):
    scores = self.q(x) @ self.k(x).transpose(-1, -2)
    if mask is not None:
        scores = scores + mask
    return F.softmax(scores, dim=-1) @ self.v(x)
