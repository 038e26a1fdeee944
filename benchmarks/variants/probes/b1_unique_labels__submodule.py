import torch
from torch import nn


class Inner(nn.Module):
    def forward(self, labels, feats):
        classes = torch.unique(labels)
        return feats[:, : classes.numel()].sum(-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, labels, feats):
        return self.inner(labels, feats)


def inputs():
    return [
        (torch.tensor([0, 1, 1, 2]), torch.randn(4, 5)),
        (torch.tensor([0, 0, 0, 0]), torch.randn(4, 5)),
    ]
