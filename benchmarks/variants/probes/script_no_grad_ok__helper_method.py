import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 2)
        self.register_buffer("running", torch.zeros(4))

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        with torch.no_grad():
            stats = x.mean(0)
        return self.lin(x - stats + self.running)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
