import weakref

import torch
from torch import nn


class ScaledAdapter(nn.Module):
    def __init__(self, owner, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self._owner = weakref.ref(owner)

    def forward(self, x):
        owner = self._owner()
        scale = owner.adapter_scale if owner is not None else 1.0
        return x + scale * self.fc(x)


class Backbone(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.adapter_scale = 0.5
        self.embed = nn.Linear(dim, dim)
        self.adapter = ScaledAdapter(self, dim)

    def forward(self, x):
        return self.adapter(self.embed(x))


Model = Backbone


def inputs():
    torch.manual_seed(23)
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
