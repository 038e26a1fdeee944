import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)

    def forward(self, x, p=0.0, training=False):
        return self._forward_impl(x, p, training)

    def _forward_impl(self, x, p=0.0, training=False):
        return F.dropout(self.fc(x), p=p, training=training)


def inputs():
    return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
