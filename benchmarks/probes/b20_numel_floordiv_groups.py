import torch
from torch import nn


class GroupStandardize(nn.Module):
    def __init__(self, group=4):
        super().__init__()
        self.group = group
        self.affine = nn.Parameter(torch.ones(1))

    def forward(self, x):
        n_groups = x.numel() // self.group
        g = x.reshape(n_groups, self.group)
        g = (g - g.mean(-1, keepdim=True)) / (g.std(-1, keepdim=True) + 1e-5)
        return g.reshape(x.shape) * self.affine


Model = GroupStandardize


def inputs():
    torch.manual_seed(12)
    return [(torch.randn(2, 8),), (torch.randn(3, 8) * 3 + 1,)]
