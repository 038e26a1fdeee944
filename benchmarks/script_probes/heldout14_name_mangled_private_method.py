# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(8, 8)
        self.k = nn.Linear(8, 8)

    def __scores(self, x):
        return self.q(x) @ self.k(x).transpose(-1, -2) / 8 ** 0.5

    def forward(self, x):
        attn = self.__scores(x).softmax(-1)
        return attn @ x


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 6, 8),)]
