import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.k = nn.Linear(4, 4)
        self.cache = {}

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        key = self.k(x)
        if "prev" in self.cache:
            key = key + self.cache["prev"][: key.shape[0]]
        self.cache["prev"] = key.detach()
        return key


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
