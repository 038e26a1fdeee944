import torch
from torch import nn


class Model(nn.Module):
    def forward(self, scores):
        return self._forward_impl(scores)
    def _forward_impl(self, scores):
        rows, cols = torch.where(scores > 0.5)
        return scores[rows, cols].sum() + rows.float().sum()


def inputs():
    return [(torch.rand(3, 3),), (torch.rand(3, 3),)]
