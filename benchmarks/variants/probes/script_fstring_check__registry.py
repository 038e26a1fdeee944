import torch
from torch import nn


class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 2)

    def forward(self, x):
        if x.dim() != 2:
            raise ValueError(f"expected 2-D input, got {x.dim()}-D")
        return self.lin(x)


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, x):
        return self.block(x)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
