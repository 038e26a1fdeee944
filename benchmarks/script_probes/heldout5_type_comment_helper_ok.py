# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


def drop_path(x, p, training):
    # type: (torch.Tensor, float, bool) -> torch.Tensor
    if p == 0.0 or not training:
        return x
    keep = torch.ones(x.shape[0], 1) * (1.0 - p)
    return x * keep.bernoulli() / (1.0 - p)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.drop_prob = 0.1
        self.eval()

    def forward(self, x):
        return x + drop_path(self.fc(x), self.drop_prob, self.training)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
