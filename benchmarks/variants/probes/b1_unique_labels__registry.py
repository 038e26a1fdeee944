import torch
from torch import nn


class Inner(nn.Module):
    def forward(self, labels, feats):
        classes = torch.unique(labels)
        return feats[:, : classes.numel()].sum(-1)


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, labels, feats):
        return self.block(labels, feats)


def inputs():
    return [
        (torch.tensor([0, 1, 1, 2]), torch.randn(4, 5)),
        (torch.tensor([0, 0, 0, 0]), torch.randn(4, 5)),
    ]
