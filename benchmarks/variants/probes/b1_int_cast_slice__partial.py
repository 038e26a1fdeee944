import functools
import torch
from torch import nn


def model_forward(self, x, lengths):
    longest = int(lengths.max())
    return x[:, :longest].sum(1)


class Model(nn.Module):
    def forward(self, x, lengths):
        run = functools.partial(model_forward, self)
        return run(x, lengths)


def inputs():
    return [
        (torch.randn(2, 6, 3), torch.tensor([3, 2])),
        (torch.randn(2, 6, 3), torch.tensor([5, 6])),
    ]
