import torch
from torch import nn


class Model(nn.Module):
    def forward(self, labels, feats):
        return self._forward_impl(labels, feats)
    def _forward_impl(self, labels, feats):
        classes = torch.unique(labels)
        return feats[:, : classes.numel()].sum(-1)


def inputs():
    return [
        (torch.tensor([0, 1, 1, 2]), torch.randn(4, 5)),
        (torch.tensor([0, 0, 0, 0]), torch.randn(4, 5)),
    ]
