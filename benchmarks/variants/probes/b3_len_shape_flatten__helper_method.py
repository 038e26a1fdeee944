import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(12, 4)

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        if len(x.shape) > 2:
            x = x.flatten(1)
        return self.fc(x)


def inputs():
    return [(torch.randn(2, 3, 4),), (torch.randn(5, 3, 4),)]
