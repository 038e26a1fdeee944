# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class BranchMask(nn.Module):
    def __init__(self, mask=0b1011):
        super().__init__()
        self.mask = mask
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        active = bin(self.mask).count("1")
        return self.fc(x) / active


Model = BranchMask


def inputs():
    torch.manual_seed(21)
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
