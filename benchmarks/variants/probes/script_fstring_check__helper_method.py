import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 2)

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        if x.dim() != 2:
            raise ValueError(f"expected 2-D input, got {x.dim()}-D")
        return self.lin(x)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
