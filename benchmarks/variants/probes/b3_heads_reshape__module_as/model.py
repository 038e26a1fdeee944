import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def __init__(self, dim: int = 16, heads: int = 4):
        super().__init__()
        self.heads = heads
        self.proj = nn.Linear(dim, dim)

    def split_heads(self, x):
        return x.view(x.size(0), x.size(1), self.heads, x.size(-1) // self.heads).transpose(1, 2)

    def merge_heads(self, x):
        x = x.transpose(1, 2)
        return x.reshape(x.size(0), x.size(1), -1)

    def forward(self, x):
        return h.model_forward(self, x)


def inputs():
    return [(torch.randn(2, 5, 16),), (torch.randn(3, 9, 16),)]
