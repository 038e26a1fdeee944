# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, dim=16, heads=4):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        q, k, v = self.qkv(x).unflatten(-1, (3, self.heads, -1)).permute(2, 0, 3, 1, 4).unbind(0)
        att = (q @ k.transpose(-2, -1)).softmax(-1)
        return self.out((att @ v).transpose(1, 2).flatten(2))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 5, 16),), (torch.randn(1, 3, 16),)]
