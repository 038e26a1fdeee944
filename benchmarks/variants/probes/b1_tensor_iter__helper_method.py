import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        return self._forward_impl(x)
    def _forward_impl(self, x):
        rows = []
        for row in x:
            rows.append(row.softmax(-1))
        return torch.stack(rows)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
