import functools
import operator

import torch
import torch.nn as nn


class MultiBranchBlock(nn.Module):
    def __init__(self, dim=8, kernels=(1, 3, 5)):
        super().__init__()
        self.branches = nn.ModuleList(
            nn.Conv1d(dim, dim, k, padding=k // 2) for k in kernels
        )

    def forward(self, x):
        outs = [branch(x) for branch in self.branches]
        return functools.reduce(operator.add, outs) / len(outs)


Model = MultiBranchBlock


def inputs():
    torch.manual_seed(25)
    return [(torch.randn(2, 8, 10),), (torch.randn(3, 8, 7),)]
