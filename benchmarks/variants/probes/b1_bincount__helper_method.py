import torch
from torch import nn


class Model(nn.Module):
    def forward(self, ids):
        return self._forward_impl(ids)
    def _forward_impl(self, ids):
        counts = torch.bincount(ids)
        return counts.float() / ids.numel()


def inputs():
    return [(torch.tensor([0, 1, 1, 3]),), (torch.tensor([2, 2, 0, 1]),)]
