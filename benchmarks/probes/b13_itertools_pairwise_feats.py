import itertools

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dims=(8, 8, 8, 8)):
        super().__init__()
        self.stages = nn.ModuleList(nn.Linear(a, b) for a, b in itertools.pairwise(dims))

    def forward(self, x):
        feats = [x]
        for stage in self.stages:
            feats.append(torch.relu(stage(feats[-1])))
        diffs = [b - a for a, b in itertools.pairwise(feats)]
        return torch.stack(diffs).sum(0)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
