import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 2)

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        with torch.inference_mode():
            stats = x.mean(0, keepdim=True)
        return self.lin(x - stats)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
