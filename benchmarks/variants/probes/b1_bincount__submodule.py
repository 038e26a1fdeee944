import torch
from torch import nn


class Inner(nn.Module):
    def forward(self, ids):
        counts = torch.bincount(ids)
        return counts.float() / ids.numel()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, ids):
        return self.inner(ids)


def inputs():
    return [(torch.tensor([0, 1, 1, 3]),), (torch.tensor([2, 2, 0, 1]),)]
