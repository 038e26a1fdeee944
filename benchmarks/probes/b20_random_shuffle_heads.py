import random
import torch
from torch import nn


class HeadShuffleMix(nn.Module):
    def __init__(self, dim=8, heads=4):
        super().__init__()
        self.heads = heads
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        B, D = x.shape
        h = self.proj(x).view(B, self.heads, D // self.heads)
        order = list(range(self.heads))
        random.shuffle(order)  # breaks: compile,export,trace
        return h[:, order].reshape(B, D)


Model = HeadShuffleMix


def inputs():
    torch.manual_seed(18)
    random.seed(18)
    return [(torch.randn(2, 8),), (torch.randn(3, 8) * 2,)]
