# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(8, 8)

    def forward(self, x):
        q = self.q(x)
        if torch.__version__ >= "2.0":
            return F.scaled_dot_product_attention(q, x, x)
        w = (q @ x.transpose(-1, -2) / 8 ** 0.5).softmax(-1)
        return w @ x


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 3, 8),)]
