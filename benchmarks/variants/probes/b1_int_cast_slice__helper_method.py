import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x, lengths):
        return self._forward_impl(x, lengths)
    def _forward_impl(self, x, lengths):
        longest = int(lengths.max())
        return x[:, :longest].sum(1)


def inputs():
    return [
        (torch.randn(2, 6, 3), torch.tensor([3, 2])),
        (torch.randn(2, 6, 3), torch.tensor([5, 6])),
    ]
