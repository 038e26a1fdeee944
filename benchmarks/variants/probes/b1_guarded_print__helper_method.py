import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, verbose: bool = False):
        super().__init__()
        self.verbose = verbose
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        y = self.fc(x)
        if not torch.compiler.is_compiling() and self.verbose:
            print("y", y.shape)
        return y


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
