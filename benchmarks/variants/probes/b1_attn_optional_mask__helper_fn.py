import torch
import torch.nn.functional as F
from torch import nn


def model_forward(self, x, mask=None):
    scores = self.q(x) @ self.k(x).transpose(-1, -2)
    if mask is not None:
        scores = scores + mask
    return F.softmax(scores, dim=-1) @ self.v(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(8, 8)
        self.k = nn.Linear(8, 8)
        self.v = nn.Linear(8, 8)

    def forward(self, x, mask=None):
        return model_forward(self, x, mask)


def inputs():
    return [(torch.randn(2, 4, 8),), (torch.randn(3, 6, 8),)]
