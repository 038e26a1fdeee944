import functools
import torch
from torch import nn


def model_forward(self, labels, feats):
    classes = torch.unique(labels)
    return feats[:, : classes.numel()].sum(-1)


class Model(nn.Module):
    def forward(self, labels, feats):
        run = functools.partial(model_forward, self)
        return run(labels, feats)


def inputs():
    return [
        (torch.tensor([0, 1, 1, 2]), torch.randn(4, 5)),
        (torch.tensor([0, 0, 0, 0]), torch.randn(4, 5)),
    ]
